// A comment field with the @ picker: typing @ lists the people who can open the document
// (read once per document from GET /api/documents/:id/mentionable), filtered by what follows
// the @; Up/Down choose, Enter or Tab picks, Escape closes. The field shows a picked person as
// "@Name"; `toBody` turns those into `@[Name](id)` tokens when the comment is sent (the server
// checks them and notifies the people). The owner may also invite a new address from here.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { MentionablePerson, MentionableResponse } from "../../../shared/contracts/notifications";
import { mentionParts, mentionToken } from "../../../shared/mentions";
import { Textarea } from "../../components/ui/textarea";
import { apiJson, isApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth-provider";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast";

/** The people picked in a field: "@Name" as shown → their id. */
export type Picked = Map<string, string>;

/** The text to send: each picked "@Name" still in the text becomes its token (longest names first). */
export function toBody(text: string, picked: Picked): string {
  let body = text;
  for (const [shown, id] of [...picked].sort((a, b) => b[0].length - a[0].length)) {
    body = body.split(shown).join(mentionToken(shown.slice(1), id));
  }
  return body;
}

/** A stored body as a field shows it, and its people (for editing a comment). */
export function fromBody(body: string): { text: string; picked: Picked } {
  const picked: Picked = new Map();
  const text = mentionParts(body)
    .map((p) => {
      if (p.kind === "text") return p.text;
      picked.set(`@${p.name}`, p.id);
      return `@${p.name}`;
    })
    .join("");
  return { text, picked };
}

/** A comment's text with its mentions drawn as names. */
export function CommentText({ body }: { body: string }): ReactNode {
  return mentionParts(body).map((p, i) =>
    p.kind === "text" ? (
      <span key={i}>{p.text}</span>
    ) : (
      <span key={i} className="rounded bg-primary/10 px-0.5 font-medium text-primary" data-mention={p.id}>
        @{p.name}
      </span>
    ),
  );
}

const people = new Map<string, Promise<MentionableResponse>>();
function loadPeople(documentId: string): Promise<MentionableResponse> {
  let p = people.get(documentId);
  if (!p) {
    p = apiJson<MentionableResponse>("GET", `/api/documents/${encodeURIComponent(documentId)}/mentionable`);
    p.catch(() => people.delete(documentId));
    people.set(documentId, p);
  }
  return p;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** "@query" right before the caret (at the start or after a space). */
const QUERY_BEFORE_CARET = /(?:^|\s)@(\S{0,60})$/;

type Option = { kind: "person"; person: MentionablePerson } | { kind: "invite"; email: string };

export interface MentionFieldProps extends Omit<React.ComponentProps<"textarea">, "value" | "onChange"> {
  documentId: string;
  value: string;
  onValueChange: (text: string) => void;
  picked: Picked;
}

export function MentionField({ documentId, value, onValueChange, picked, onKeyDown, className, ...rest }: MentionFieldProps) {
  const { user } = useAuth();
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [data, setData] = useState<MentionableResponse | null>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (query === null || data) return;
    let live = true;
    loadPeople(documentId).then(
      (d) => live && setData(d),
      () => live && setQuery(null),
    );
    return () => {
      live = false;
    };
  }, [query, data, documentId]);

  const readQuery = (el: HTMLTextAreaElement) => {
    const m = QUERY_BEFORE_CARET.exec(el.value.slice(0, el.selectionStart));
    setQuery(m ? m[1]! : null);
    setIndex(0);
  };

  const q = (query ?? "").toLowerCase();
  const options: Option[] = [];
  if (query !== null && data) {
    for (const person of data.people) {
      if (person.id === user?.id) continue;
      if (!q || person.name.toLowerCase().includes(q) || person.email?.toLowerCase().includes(q)) options.push({ kind: "person", person });
    }
    options.splice(6);
    if (data.can_invite && EMAIL.test(query) && !data.people.some((p) => p.email?.toLowerCase() === q)) options.push({ kind: "invite", email: query });
  }
  const open = query !== null && data !== null;

  const replaceQuery = (insert: string) => {
    const el = ref.current;
    if (!el) return;
    const caret = el.selectionStart;
    const start = el.value.slice(0, caret).lastIndexOf("@");
    const next = `${el.value.slice(0, start)}${insert} ${el.value.slice(caret)}`;
    onValueChange(next);
    setQuery(null);
    requestAnimationFrame(() => {
      el.focus();
      const at = start + insert.length + 1;
      el.setSelectionRange(at, at);
    });
  };

  const pick = async (option: Option) => {
    if (option.kind === "person") {
      const shown = `@${option.person.name.replace(/[[\]\n\r]/g, "")}`;
      picked.set(shown, option.person.id);
      replaceQuery(shown);
      return;
    }
    replaceQuery(option.email);
    try {
      await apiJson("POST", `/api/documents/${encodeURIComponent(documentId)}/members`, { email: option.email, role: "commenter" });
      toast({ title: `Invited ${option.email} to comment`, description: "They get an email with a link. Mention them once they have accepted." });
    } catch (err) {
      toast({ title: "The invitation could not be sent", description: (isApiError(err) && err.body?.message) || "Please try again.", variant: "destructive" });
    }
  };

  const keys = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && options.length > 0) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        setIndex((i) => (i + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        void pick(options[Math.min(index, options.length - 1)]!);
        return;
      }
    }
    if (open && e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      setQuery(null);
      return;
    }
    onKeyDown?.(e);
  };

  const hint = data?.can_invite && !options.some((o) => o.kind === "invite") ? "To invite someone new, type their email address after @" : null;
  return (
    <div className="relative">
      <Textarea
        {...rest}
        ref={ref}
        value={value}
        className={className}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && options.length ? `${listId}-${Math.min(index, options.length - 1)}` : undefined}
        onChange={(e) => {
          onValueChange(e.target.value);
          readQuery(e.target);
        }}
        onSelect={(e) => readQuery(e.currentTarget)}
        onBlur={() => setTimeout(() => setQuery(null), 150)}
        onKeyDown={keys}
      />
      {open && (
        <div className="absolute inset-x-0 top-full z-50 mt-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg" data-mention-picker>
          <div id={listId} role="listbox" aria-label="People to mention">
            {options.map((o, i) => (
              <div
                key={o.kind === "person" ? o.person.id : `invite-${o.email}`}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === index}
                onMouseDown={(e) => {
                  e.preventDefault();
                  void pick(o);
                }}
                onKeyDown={() => undefined}
                className={cn("flex cursor-pointer flex-col rounded-sm px-2 py-1.5 text-sm", i === index && "bg-accent text-accent-foreground")}
              >
                {o.kind === "person" ? (
                  <>
                    <span className="font-medium">{o.person.name}</span>
                    {o.person.email && <span className="truncate text-xs text-muted-foreground">{o.person.email}</span>}
                  </>
                ) : (
                  <span>
                    Invite <span className="font-medium">{o.email}</span> to comment
                  </span>
                )}
              </div>
            ))}
            {options.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">No one with access matches “{query}”.</p>}
          </div>
          {hint && <p className="border-t px-2 pt-1.5 pb-1 text-xs text-muted-foreground">{hint}</p>}
        </div>
      )}
    </div>
  );
}
