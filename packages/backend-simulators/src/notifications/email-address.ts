// github.com/mcnijman/go-emailaddress v1.1.1 (notifications' go.mod), emailaddress.go: its RFC 5322 expression,
// anchored as `^%s*$` (the `*` repeats only the domain), and Parse refusing an empty domain.
const LOCAL_PART =
  "(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*|\"(?:[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x21\\x23-\\x5b\\x5d-\\x7f]|\\\\[\\x01-\\x09\\x0b\\x0c\\x0e-\\x7f])*\")";
const DOMAIN =
  "(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\\[(?:(?:(2(5[0-5]|[0-4][0-9])|1[0-9][0-9]|[1-9]?[0-9]))\\.){3}(?:(2(5[0-5]|[0-4][0-9])|1[0-9][0-9]|[1-9]?[0-9])|[a-z0-9-]*[a-z0-9]:(?:[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x21-\\x5a\\x53-\\x7f]|\\\\[\\x01-\\x09\\x0b\\x0c\\x0e-\\x7f])+)\\])";
const VALID = new RegExp(`^${LOCAL_PART}@${DOMAIN}*$`, "i");

/** Whether common.ValidateEmailAddress (common/main.go) accepts an address. */
export const isValidEmailAddress = (address: string): boolean =>
  VALID.test(address) && address.slice(address.lastIndexOf("@") + 1) !== "";

/** common/main.go IsBlank (RE2's `\s`: ASCII white space only). */
export const isBlank = (text: string): boolean => /^[\t\n\f\r ]*$/.test(text);
