// The blog area's front door: what other areas and the routes may use (docs/decisions/017-areas-with-front-doors.md).
export { adminPostFilter, publicPostFilter } from "./events";
export type { AdminPostEvent, PublicPostEvent } from "./events";
export { getPostForEdit, getPublishedPost, listAdminPosts, listPostTags, listPublishedPosts, listRelatedPosts, searchPublishedPosts } from "./posts";
export type { PostCard } from "./posts";
export { blogFeed } from "./rss";
export { deletePost, insertSamplePost, savePost } from "./write";
