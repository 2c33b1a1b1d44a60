// The writer's dictionary words and ignored findings, read from the account when the check
// starts and changed through PUT /api/grammar/personal, so every device uses the same lists.
// Kept here as sets the plugin reads on every redraw.
import type { PersonalDictionary, PersonalDictionaryChange } from "../../../shared/contracts/grammar";
import { apiJson } from "../../lib/api";
import { ignoreKey } from "./blocks";
import type { PersonalLists } from "./plugin";

const URL = "/api/grammar/personal";

export class PersonalDictionaryStore {
  private lists: PersonalLists = { words: new Set(), ignored: new Set() };

  get current(): PersonalLists {
    return this.lists;
  }

  private take(d: PersonalDictionary) {
    this.lists = {
      words: new Set(d.words.map((w) => w.toLowerCase())),
      ignored: new Set(d.ignored.map((f) => ignoreKey(f.rule, f.text))),
    };
  }

  async load(signal?: AbortSignal): Promise<void> {
    this.take(await apiJson<PersonalDictionary>("GET", URL, undefined, { signal }));
  }

  /** Applies the change here at once (the mark goes as the writer clicks) and then on the account. */
  async change(change: PersonalDictionaryChange): Promise<void> {
    const words = new Set(this.lists.words);
    const ignored = new Set(this.lists.ignored);
    for (const w of change.add?.words ?? []) words.add(w.toLowerCase());
    for (const f of change.add?.ignored ?? []) ignored.add(ignoreKey(f.rule, f.text));
    this.lists = { words, ignored };
    this.take(await apiJson<PersonalDictionary>("PUT", URL, change));
  }
}
