import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormNotice } from '../../../components/ui/field';
import type { FormAnswer } from '../../../lib/failure-answer';

/** The end of a sign-in form: the server's answer to the last try, then the full-width submit button. */
export function SubmitWithNotice({
  notice,
  isSubmitting,
  testId,
  children,
}: {
  notice: FormAnswer | null;
  isSubmitting: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      {notice ? <FormNotice message={notice.message} code={notice.code} /> : null}
      <Button type="submit" variant="primary" className="w-full" disabled={isSubmitting} data-testid={testId}>
        {children}
      </Button>
    </>
  );
}
