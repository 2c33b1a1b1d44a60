// What other areas may use of import/: turning a file into document content.
export { type ConvertedFile, convertFile } from "./convert-file.js";
