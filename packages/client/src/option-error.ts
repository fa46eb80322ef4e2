/**
 * The error of an option the client cannot take: it names the option, the rule and the value
 * given (never a secret: no option checked this way holds one).
 */

/** Throws `<name> must be <rule>, got <value>` as a TypeError. */
export function mustBe(name: string, rule: string, value: unknown): never {
  throw new TypeError(`${name} must be ${rule}, got ${typeof value === 'string' ? JSON.stringify(value) : value}`);
}
