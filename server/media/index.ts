// The media area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { accessorySvg } from "./artwork";
export type { AccessoryArtwork } from "./artwork";
export { CONSOLE_VIEWS, consoleSvg, homeHeroSvg } from "./console-art";
export type { ConsoleModel } from "./console-art";
export { importImageFromUrl, importRemoteImageUrl, importRemoteImages } from "./import-images";
export { listLibrary } from "./library";
export { cacheArtwork, loadImages, storeArtwork, storeImage } from "./renditions";
export { MAX_IMAGES_PER_UPLOAD, UploadError, checkUploadedImages, storeDescribedImageFromRequest, storeImagesFromRequest, storeUploadedImages, uploadBodyLimit, withUpload } from "./uploads";
export { uploadRefusal } from "@server/http/responses";
export type { UploadedFile } from "./uploads";
