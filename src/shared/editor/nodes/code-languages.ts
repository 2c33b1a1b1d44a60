// A code block's language: any word a Markdown fence's info string may start with, as GitHub
// and CommonMark keep it (codeLanguage below), so "```foo+bar" or "```mermaid" survives an
// import and an export. The languages lowlight knows are only the ones the editor colours:
// every grammar lowlight 3 ships (its `all` set), each with the aliases highlight.js reads (a
// Markdown fence often says "js" or "sh"). Only the names are here, so the server and the
// schema never load a grammar; the editor loads lowlight's `common` grammars when a document
// first shows a code block (src/client/features/editor/code-highlight.ts).
// code-languages.test.ts checks this list against lowlight itself, so it cannot drift from
// the installed version.
export const CODE_LANGUAGES: Record<string, readonly string[]> = {
  "arduino": ["ino"],
  "bash": ["sh","zsh"],
  "c": ["h"],
  "cpp": ["cc","c++","h++","hpp","hh","hxx","cxx"],
  "csharp": ["cs","c#"],
  "css": [],
  "diff": ["patch"],
  "go": ["golang"],
  "graphql": ["gql"],
  "ini": ["toml"],
  "java": ["jsp"],
  "javascript": ["js","jsx","mjs","cjs"],
  "json": ["jsonc","json5"],
  "kotlin": ["kt","kts"],
  "less": [],
  "lua": ["pluto"],
  "makefile": ["mk","mak","make"],
  "markdown": ["md","mkdown","mkd"],
  "objectivec": ["mm","objc","obj-c","obj-c++","objective-c++"],
  "perl": ["pl","pm"],
  "php": [],
  "php-template": [],
  "plaintext": ["text","txt"],
  "python": ["py","gyp","ipython"],
  "python-repl": ["pycon"],
  "r": [],
  "ruby": ["rb","gemspec","podspec","thor","irb"],
  "rust": ["rs"],
  "scss": [],
  "shell": ["console","shellsession"],
  "sql": [],
  "swift": [],
  "typescript": ["ts","tsx","mts","cts"],
  "vbnet": ["vb"],
  "wasm": [],
  "xml": ["html","xhtml","rss","atom","xjb","xsd","xsl","plist","wsf","svg"],
  "yaml": ["yml"],
  "1c": [],
  "abnf": [],
  "accesslog": [],
  "actionscript": ["as"],
  "ada": [],
  "angelscript": ["asc"],
  "apache": ["apacheconf"],
  "applescript": ["osascript"],
  "arcade": [],
  "armasm": ["arm"],
  "asciidoc": ["adoc"],
  "aspectj": [],
  "autohotkey": ["ahk"],
  "autoit": [],
  "avrasm": [],
  "awk": [],
  "axapta": ["x++"],
  "basic": [],
  "bnf": [],
  "brainfuck": ["bf"],
  "cal": [],
  "capnproto": ["capnp"],
  "ceylon": [],
  "clean": ["icl","dcl"],
  "clojure": ["clj","edn"],
  "clojure-repl": [],
  "cmake": ["cmake.in"],
  "coffeescript": ["coffee","cson","iced"],
  "coq": [],
  "cos": ["cls"],
  "crmsh": ["crm","pcmk"],
  "crystal": ["cr"],
  "csp": [],
  "d": [],
  "dart": [],
  "delphi": ["dpr","dfm","pas","pascal"],
  "django": ["jinja"],
  "dns": ["bind","zone"],
  "dockerfile": ["docker"],
  "dos": ["bat","cmd"],
  "dsconfig": [],
  "dts": [],
  "dust": ["dst"],
  "ebnf": [],
  "elixir": ["ex","exs"],
  "elm": [],
  "erb": [],
  "erlang": ["erl"],
  "erlang-repl": [],
  "excel": ["xlsx","xls"],
  "fix": [],
  "flix": [],
  "fortran": ["f90","f95"],
  "fsharp": ["fs","f#"],
  "gams": ["gms"],
  "gauss": ["gss"],
  "gcode": ["nc"],
  "gherkin": ["feature"],
  "glsl": [],
  "gml": [],
  "golo": [],
  "gradle": [],
  "groovy": [],
  "haml": [],
  "handlebars": ["hbs","html.hbs","html.handlebars","htmlbars"],
  "haskell": ["hs"],
  "haxe": ["hx"],
  "hsp": [],
  "http": ["https"],
  "hy": ["hylang"],
  "inform7": ["i7"],
  "irpf90": [],
  "isbl": [],
  "jboss-cli": ["wildfly-cli"],
  "julia": [],
  "julia-repl": ["jldoctest"],
  "lasso": ["ls","lassoscript"],
  "latex": ["tex"],
  "ldif": [],
  "leaf": [],
  "lisp": [],
  "livecodeserver": [],
  "livescript": ["ls"],
  "llvm": [],
  "lsl": [],
  "mathematica": ["mma","wl"],
  "matlab": [],
  "maxima": [],
  "mel": [],
  "mercury": ["m","moo"],
  "mipsasm": ["mips"],
  "mizar": [],
  "mojolicious": [],
  "monkey": [],
  "moonscript": ["moon"],
  "n1ql": [],
  "nestedtext": ["nt"],
  "nginx": ["nginxconf"],
  "nim": [],
  "nix": ["nixos"],
  "node-repl": [],
  "nsis": [],
  "ocaml": ["ml"],
  "openscad": ["scad"],
  "oxygene": [],
  "parser3": [],
  "pf": ["pf.conf"],
  "pgsql": ["postgres","postgresql"],
  "pony": [],
  "powershell": ["pwsh","ps","ps1"],
  "processing": ["pde"],
  "profile": [],
  "prolog": [],
  "properties": [],
  "protobuf": ["proto"],
  "puppet": ["pp"],
  "purebasic": ["pb","pbi"],
  "q": ["k","kdb"],
  "qml": ["qt"],
  "reasonml": ["re"],
  "rib": [],
  "roboconf": ["graph","instances"],
  "routeros": ["mikrotik"],
  "rsl": [],
  "ruleslanguage": [],
  "sas": [],
  "scala": [],
  "scheme": ["scm"],
  "scilab": ["sci"],
  "smali": [],
  "smalltalk": ["st"],
  "sml": ["ml"],
  "sqf": [],
  "stan": ["stanfuncs"],
  "stata": ["do","ado"],
  "step21": ["p21","step","stp"],
  "stylus": ["styl"],
  "subunit": [],
  "taggerscript": [],
  "tap": [],
  "tcl": ["tk"],
  "thrift": [],
  "tp": [],
  "twig": ["craftcms"],
  "vala": [],
  "vbscript": ["vbs"],
  "vbscript-html": [],
  "verilog": ["v","sv","svh"],
  "vhdl": [],
  "vim": [],
  "wren": [],
  "x86asm": [],
  "xl": ["tao"],
  "xquery": ["xpath","xq","xqm"],
  "zephir": ["zep"],
};

/** The languages the editor colours and offers first in its picker (lowlight's `common`). */
export const COMMON_CODE_LANGUAGES = ["arduino","bash","c","cpp","csharp","css","diff","go","graphql","ini","java","javascript","json","kotlin","less","lua","makefile","markdown","objectivec","perl","php","php-template","plaintext","python","python-repl","r","ruby","rust","scss","shell","sql","swift","typescript","vbnet","wasm","xml","yaml"] as const;

/** The longest language word a code block keeps, in characters. */
export const CODE_LANGUAGE_MAX = 64;

// The language ends up in a `class` attribute, a Markdown fence's info string and a Word style
// name: no white space (it would end the word), quotes or angle brackets (markup), backticks
// (a fence's own character) and no control or invisible format characters.
const UNSAFE_IN_LANGUAGE = /[\s"'`<>\p{Cc}\p{Cf}\p{Cs}]/u;

/**
 * A code block's language as the schema keeps it: the word in lower case (so "Python" is
 * coloured as "python" and two spellings are one language), or null when there is none or
 * it breaks the rule (more than CODE_LANGUAGE_MAX characters, or one of the characters above).
 */
export function codeLanguage(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const lower = value.trim().toLowerCase();
  if (!lower || lower.length > 2 * CODE_LANGUAGE_MAX || UNSAFE_IN_LANGUAGE.test(lower)) return null;
  return [...lower].length <= CODE_LANGUAGE_MAX ? lower : null;
}

/** Why the content check refuses a code block's language (validate.ts). */
export const CODE_LANGUAGE_RULE = `a word of at most ${CODE_LANGUAGE_MAX} characters in lower case, without white space, quotes, angle brackets, backticks or control characters`;

let known: Set<string> | null = null;

/** A language name or alias lowlight colours, as written in lower case; null for anything else. */
export function knownLanguage(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const lower = value.trim().toLowerCase();
  if (!known) {
    known = new Set();
    for (const [name, aliases] of Object.entries(CODE_LANGUAGES)) {
      known.add(name);
      for (const alias of aliases) known.add(alias);
    }
  }
  return known.has(lower) ? lower : null;
}
