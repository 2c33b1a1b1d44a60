// What other areas may use of images/; they import this file, never the files behind it.
export { imageRoutes } from "./routes.js";
export { imageBytesForUser, imageBytesOfDocument, purgeUnreferencedImages, saveImage, type ImageBytes } from "./store.js";
export { processImage, type ProcessedImage } from "./process.js";
export { loadSharp } from "./sharp.js";
