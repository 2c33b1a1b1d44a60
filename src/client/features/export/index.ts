// Public entry point of the export feature; other areas import only from here.
export { ExportMenu } from "./export-menu";
