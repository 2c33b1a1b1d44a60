// Which files the client's modules are bundled into (vite.config.ts). Left to itself, the
// bundler made a chunk for every set of pages sharing a module, so the landing page came in
// 28 responses and the editor in 42, each costing a request and its headers (bench/bundle.ts
// measures both). Here the modules a page needs at first view travel together:
//   index     the entry's modules, the home route, and what the landing page shares with
//             other pages (buttons, page shell, form fields, Radix's Slot and Label);
//   landing   the rest of the landing page;
//   pricing   the pricing cards (the landing page and the dashboard load them after the first view);
//   overlay   what Radix's dialogs, menus and tooltips share (dismissal, focus trap, scroll lock);
//   dialog    Radix's dialog and the app's dialogs, for the pages that open one;
//   popover   Radix's anchored overlays (menus, popovers) and floating-ui, which positions them;
//   document  what the editor and the shared-document view both need to show a live document
//             (TipTap, ProseMirror, Yjs, the collaboration provider);
//   editor    the rest of the editor page;
//   auth      the auth client, which a sign-in form, a stored session close to expiry or
//             the first call that needs it loads (src/client/lib/auth-client.ts);
//   account   what the editor loads at start and shares with other pages: the saved theme
//             and preferences, the plan and subscription, small modules (limits, plain text,
//             the AI plan query) and their icons. One file instead of a few of a few hundred
//             bytes each, every one costing a request and its headers;
//   icons     the other icons several signed-in pages show;
//   zod       the schema library of the contracts, for the pages that parse with it;
// Modules no rule names (other pages, lazy parts such as the selection toolbar, the AI
// panel or the exporters) are chunked by the bundler as before.
import fs from "node:fs";
import path from "node:path";

interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

const CLIENT = path.resolve(import.meta.dirname, "../src/client");
const client = (file: string) => path.join(CLIENT, file);

const ENTRY = client("main.tsx");
const ROUTER = client("app/router.tsx");
const HOME = client("pages/home-page.tsx");
const LANDING = client("pages/landing-page.tsx");
const PRICING = client("features/billing/pricing-section.tsx");
/** What the landing page imports lazily to get the pricing cards. */
const BILLING_INDEX = client("features/billing/index.ts");
const EDITOR = client("pages/editor-page.tsx");
const DASHBOARD = client("pages/dashboard-page.tsx");
const SHARED_DOCUMENT = client("features/sharing/shared-document.tsx");
const SHARED_PAGE = client("pages/shared-page.tsx");
const SERVER_THEME = client("app/server-theme-sync.tsx");
const PAGES = client("pages");

const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);
const ui = (names: string) => new RegExp(`[\\\\/]src[\\\\/]client[\\\\/]components[\\\\/]ui[\\\\/](?:${names})\\.tsx?$`);

/**
 * radix-ui re-exports every primitive from one module; the app takes a few of them. Its
 * module graph says "imports all of Radix", so the walk below does not go through it and
 * the primitives are placed by name instead.
 */
const RADIX_UMBRELLA = pkg("radix-ui");
/** The primitives nearly every page renders (Button's Slot, form labels). */
const RADIX_BASICS = pkg("@radix-ui[\\\\/]react-(?:slot|compose-refs|primitive|label)");
/**
 * TypeScript's helpers (a few hundred bytes): the scroll lock and the auth client both use
 * them. In the overlay file they made the auth client load the overlays' code with it.
 */
const TSLIB = pkg("tslib");
/**
 * What Radix's dialogs, menus and tooltips all build on: dismissal, presence, portals, state,
 * and for modal ones (a dialog, an open menu) the focus trap, scroll lock and hiding the rest
 * of the page from screen readers.
 */
const OVERLAY = [
  pkg(
    "@radix-ui[\\\\/](?:primitive|react-(?:dismissable-layer|presence|portal|id|context|use-controllable-state|use-callback-ref|use-layout-effect|use-escape-keydown|use-effect-event|focus-scope|focus-guards))|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce",
  ),
  ui("dialog-behaviour"),
];
/** Radix's dialog itself and the app's dialogs and sheets built on it. */
const DIALOG = [pkg("@radix-ui[\\\\/]react-(?:dialog|alert-dialog)"), ui("dialog|sheet|alert-dialog")];
/** Radix's anchored overlays (tooltips, menus) and floating-ui, which positions them. */
const POPOVER = [
  pkg(
    "@radix-ui[\\\\/]react-(?:tooltip|popper|popover|menu|dropdown-menu|roving-focus|collection|arrow|use-size|use-rect|rect|direction|visually-hidden|use-is-hydrated|use-previous)|@floating-ui[\\\\/][a-z-]+",
  ),
  ui("dropdown-menu|popover"),
];
/**
 * TanStack Query's observers for infinite lists and mutations: the dashboard and the sharing
 * and history panels use them, the first view of the landing page and of the editor do not
 * (Query's core imports neither, so they can travel apart from it).
 */
const QUERY_LATER = /[\\/]node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/]build[\\/]modern[\\/](?:infiniteQueryObserver|useInfiniteQuery|mutationObserver|useMutation)\.js$/;
/**
 * The rest of TanStack Query: the root provider takes only its context object (app/query-provider.tsx),
 * and the pages that read the server through it load the client with them.
 */
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/]/;
const QUERY_CONTEXT = /[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider\.js$/;
const AUTH = pkg("@supabase[\\\\/][a-z-]+");
/** The contracts' schemas (src/shared/contracts) go with the library that defines them. */
const CONTRACTS = /[\\/]src[\\/]shared[\\/]contracts[\\/]/;
const ZOD = pkg("zod");

const matches = (id: string, patterns: RegExp[]) => patterns.some((re) => re.test(id));

/**
 * lucide-react's index re-exports all 1,600 icons; the graph says every file importing one
 * icon imports them all. The walks below read which icons a file names instead, from its
 * code and the index's export list.
 */
// The bundler names modules by their real path: where node_modules is a link (a second
// working copy sharing the first one's packages), the path through the link would match no
// module, and every icon the app uses would land in the index file.
const LUCIDE_INDEX = fs.realpathSync(path.resolve(import.meta.dirname, "../node_modules/lucide-react/dist/esm/lucide-react.mjs"));
const ICON = pkg("lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons");

/** Where each name the lucide index exports comes from, read from its `export { … } from "./…"` lines. */
function lucideExports(graph: ModuleGraph, indexId: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of (graph.getModuleInfo(indexId)?.code ?? "").matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const file = path.resolve(path.dirname(indexId), m[2]!);
    for (const spec of m[1]!.split(",")) {
      const name = spec.trim().split(/\s+as\s+/).pop();
      if (name) files.set(name, file);
    }
  }
  return files;
}

/** The names a module imports from "lucide-react". */
function lucideNames(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
    for (const spec of m[1]!.split(",")) {
      const name = spec.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

/** What a module imports statically, with lucide's index replaced by the icons it names. */
function importsOf(graph: ModuleGraph, id: string, icons: () => Map<string, string>): string[] {
  const info = graph.getModuleInfo(id);
  if (!info || RADIX_UMBRELLA.test(id) || id === LUCIDE_INDEX) return [];
  if (!info.importedIds.includes(LUCIDE_INDEX)) return [...info.importedIds];
  const named = lucideNames(info.code ?? "").flatMap((name) => icons().get(name) ?? []);
  return [...info.importedIds.filter((dep) => dep !== LUCIDE_INDEX), ...named];
}

/** Every module `root` imports statically, directly or not, itself included. */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...importsOf(graph, id, () => iconsOf(graph)));
  }
  return seen;
}

const iconTables = new WeakMap<ModuleGraph, Map<string, string>>();

function iconsOf(graph: ModuleGraph): Map<string, string> {
  let table = iconTables.get(graph);
  if (!table) {
    table = lucideExports(graph, LUCIDE_INDEX);
    iconTables.set(graph, table);
  }
  return table;
}

interface Plan {
  entry: Set<string>;
  landing: Set<string>;
  pricing: Set<string>;
  editor: Set<string>;
  sharedDocument: Set<string>;
  /** What a signed-in user loads at start besides the page (the saved theme). */
  signedIn: Set<string>;
  /** For each module, the pages (src/client/pages/*.tsx) that import it statically. */
  pagesOf: Map<string, Set<string>>;
  /** For each module, the pages that may load it at all, now or later (through lazy imports). */
  loadedBy: Map<string, Set<string>>;
}

/** Every module `root` may load, statically or through lazy imports, short of other pages. */
function reachable(graph: ModuleGraph, root: string, pages: Set<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || (id !== root && pages.has(id))) continue;
    seen.add(id);
    stack.push(...importsOf(graph, id, () => iconsOf(graph)), ...(graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
  }
  return seen;
}

function addTo(index: Map<string, Set<string>>, ids: Iterable<string>, page: string) {
  for (const id of ids) {
    const set = index.get(id) ?? new Set<string>();
    set.add(page);
    index.set(id, set);
  }
}

// The graph object is reused within one chunking pass, so the walks run once per build.
const plans = new WeakMap<ModuleGraph, Plan>();

function planFor(graph: ModuleGraph): Plan {
  let plan = plans.get(graph);
  if (plan) return plan;
  const pages = new Set(
    [ROUTER, HOME].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []).filter((id) => path.dirname(id) === PAGES && id !== HOME),
  );
  const pagesOf = new Map<string, Set<string>>();
  const loadedBy = new Map<string, Set<string>>();
  for (const page of pages) {
    addTo(pagesOf, staticClosure(graph, page), page);
    addTo(loadedBy, reachable(graph, page, pages), page);
  }
  plan = {
    entry: new Set([...staticClosure(graph, ENTRY), ...staticClosure(graph, HOME)]),
    landing: staticClosure(graph, LANDING),
    pricing: staticClosure(graph, PRICING),
    editor: staticClosure(graph, EDITOR),
    sharedDocument: staticClosure(graph, SHARED_DOCUMENT),
    signedIn: staticClosure(graph, SERVER_THEME),
    pagesOf,
    loadedBy,
  };
  plans.set(graph, plan);
  return plan;
}

/** True when no page but those in `pages` may ever load the module. */
function onlyFor(plan: Plan, id: string, ...pages: string[]): boolean {
  return [...(plan.loadedBy.get(id) ?? [])].every((p) => pages.includes(p));
}

/** True when no page but those in `pages` imports the module statically. */
function onlyAtStartFor(plan: Plan, id: string, ...pages: string[]): boolean {
  return [...(plan.pagesOf.get(id) ?? [])].every((p) => pages.includes(p));
}

/** The file a module belongs to, or null to let the bundler decide. */
export function chunkName(id: string, graph: ModuleGraph): string | null {
  if (RADIX_UMBRELLA.test(id) || id === LUCIDE_INDEX) return null;
  if (AUTH.test(id)) return "auth";
  if (QUERY_LATER.test(id)) return null;
  if (QUERY.test(id) && !QUERY_CONTEXT.test(id)) return "account";
  if (ZOD.test(id)) return "zod";
  if (matches(id, OVERLAY)) return "overlay";
  if (matches(id, DIALOG)) return "dialog";
  if (matches(id, POPOVER)) return "popover";
  if (RADIX_BASICS.test(id) || TSLIB.test(id)) return "index";
  const plan = planFor(graph);
  if (plan.entry.has(id)) return "index";
  if (CONTRACTS.test(id) && graph.getModuleInfo(id)?.importedIds.some((dep) => ZOD.test(dep))) return "zod";
  if (plan.landing.has(id)) return onlyFor(plan, id, LANDING) ? "landing" : "index";
  // The pricing cards' parts other pages use at start too (plans, subscription, cards) go with
  // what signed-in pages share: the landing page loads the cards only on the way down to them.
  if (plan.pricing.has(id)) return plan.editor.has(id) ? "account" : onlyAtStartFor(plan, id, DASHBOARD) ? "pricing" : null;
  // The feature's index file only re-exports; in the pricing file the lazy import needs no other.
  if (id === BILLING_INDEX) return "pricing";
  // What the editor shares with other pages (the dashboard, say) stays out of its files. The
  // document's modules are checked against what pages import at start only: through the
  // features' index files every page that links to a shared document "may" load it.
  if (plan.editor.has(id) && plan.sharedDocument.has(id) && onlyAtStartFor(plan, id, EDITOR, SHARED_PAGE)) return "document";
  if (plan.editor.has(id) && onlyFor(plan, id, EDITOR)) return "editor";
  if (plan.signedIn.has(id)) return "account";
  // What the editor imports at start but other pages import too, now or later.
  if (plan.editor.has(id)) return "account";
  if (ICON.test(id) && (plan.pagesOf.get(id)?.size ?? 0) > 1) return "icons";
  return null;
}

const NAMES = ["index", "auth", "account", "zod", "overlay", "dialog", "popover", "landing", "pricing", "document", "editor", "icons"];

/**
 * `build.rolldownOptions.output.codeSplitting.groups`: one group per file above. A group
 * takes only the modules named for it (not everything they import, which through radix-ui
 * would be all of Radix); the walks above already keep a page's imports together. Files that
 * imported each other could run a module before one it needs, so chunkCycleCheck() fails
 * the build if they ever do.
 */
export function chunkGroups() {
  return NAMES.map((name) => ({
    name: (id: string, graph: ModuleGraph) => (chunkName(id, graph) === name ? name : null),
    debugName: name,
    includeDependenciesRecursively: false,
  }));
}

/** A Vite plugin that fails the build when two of its JavaScript files import each other, directly or not. */
export function chunkCycleCheck() {
  return {
    name: "draftsmith:chunk-cycle-check",
    generateBundle(this: { error(message: string): never }, _options: unknown, bundle: Record<string, { type: string; imports?: string[] }>) {
      const imports = new Map(Object.entries(bundle).map(([file, out]) => [file, out.type === "chunk" ? (out.imports ?? []) : []]));
      const done = new Set<string>();
      const visit = (file: string, path: string[]) => {
        if (done.has(file)) return;
        const at = path.indexOf(file);
        if (at >= 0) this.error(`Chunks import each other: ${[...path.slice(at), file].join(" -> ")} (scripts/client-chunks.ts)`);
        for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
}
