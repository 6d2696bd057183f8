/** The feedback module's public face (decision 0027): players' feedback and the operators' queue. */
export {
  feedbackImage,
  handleFeedback,
  listFeedback,
  submitFeedback,
  type FeedbackContext,
} from './feedback.service';
