import { useState } from 'react';
import { answerOfFailure, type FormAnswer } from './failure-answer';

/** A form's submit: whether its call is under way (the button waits), and the answer to the last try. */
export function useSubmission(firstAnswer: FormAnswer | null = null) {
  const [isSubmitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState(firstAnswer);
  /** Runs the form's call; a failure becomes the form's answer, the fallback when no answer came back. */
  async function runSubmission(call: () => Promise<void>, fallbackMessage: string) {
    setSubmitting(true);
    try {
      await call();
    } catch (error) {
      setAnswer(answerOfFailure(error, fallbackMessage));
    } finally {
      setSubmitting(false);
    }
  }
  return { isSubmitting, answer, setAnswer, runSubmission };
}
