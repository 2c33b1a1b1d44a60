// What a footnote id may be (a reference's and its note's `id` attribute): checked on save
// and on every live change (validate.ts), and what the editor makes.
export const FOOTNOTE_ID = /^[A-Za-z0-9_-]{1,64}$/;
