/** The parameters links into the site carry: a password reset's token, a social login's ticket or refusal. */
const ARRIVAL_PARAMETER_PATTERN = /[?#&](?:resetPassword|socialLogin|socialError)=/;

/**
 * Whether the page was opened by such a link, in its query or its fragment. They arrive only with a
 * page load, so the shell asks once and loads the code that reads them only then.
 */
export function hasArrivalParameter(href: string): boolean {
  return ARRIVAL_PARAMETER_PATTERN.test(href);
}
