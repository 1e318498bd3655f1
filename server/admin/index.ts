// The admin area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { auditExport, listAudit, recordAudit } from "./audit";
export type { Actor } from "./audit";
export { dashboardStats, periodStart } from "./dashboard";
export type { Trend } from "./dashboard";
export { salesReport } from "./sales";
export { MAX_IMAGES_PER_UPLOAD, MAX_IMAGE_BYTES, UploadError, checkUploadedImages, sniffImageType, storeDescribedImageFromRequest, storeImagesFromRequest, storeUploadedImages, uploadBodyLimit, uploadRefusal, withUpload } from "./uploads";
export type { UploadedFile } from "./uploads";
