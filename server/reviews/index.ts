export { ALREADY_REVIEWED, NOT_A_BUYER, ReviewRefusedError, publicName, reviewAccess, reviewSchema, submitReview, type ReviewAccess, type ReviewInput } from "./write";
export { MODERATION_PAGE, listReviewsForModeration, replySchema, replyToReview, setReviewStatus, type ModerationRow } from "./moderation";
export { currentVoter, markHelpful, votesOf, type HelpfulResult } from "./helpful";
export { reviewStateOf, type ReviewState } from "./visitor";
