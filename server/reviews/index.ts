export { ALREADY_REVIEWED, NOT_A_BUYER, ReviewRefusedError, accessColumns, accessOf, publicName, reviewAccess, reviewSchema, submitReview, type AccessRow, type ReviewAccess, type ReviewInput } from "./write";
export { MODERATION_PAGE, listReviewsForModeration, replySchema, replyToReview, setReviewStatus, type ModerationRow } from "./moderation";
export { currentVoter, markHelpful, userVoter, votesColumn, votesOf, type HelpfulResult, type VotePairs } from "./helpful";
