export { aliasesById, renderImport, renderDocument, slugify, API_VERSION, type ImportFile, type RenderImportOptions } from "./render-import.js";
export { writeImportFiles } from "./write-import.js";
export { refuseInvalidImport, refuseSharedNames, sourcesWithoutTransformations } from "./check-import.js";
