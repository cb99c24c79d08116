import { applyDecorators } from '@nestjs/common';
import { IsString, Length, Matches } from 'class-validator';

/**
 * What a name shown to people may not hold: C0 and C1 control characters (NUL among them: a name is
 * written into CSV, logs and terminals) and the bidirectional formatting characters (marks, embeddings,
 * overrides, isolates) that make a name read otherwise than it is stored.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const SHOWN_SAFELY = /^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/u;

/** A display name: a string of 1 to maxLength characters, not blank, with nothing that hides or reorders text. */
export function IsDisplayName(maxLength: number): PropertyDecorator {
  return applyDecorators(
    IsString(),
    Length(1, maxLength),
    Matches(/\S/u, { message: '$property must not be blank' }),
    Matches(SHOWN_SAFELY, {
      message:
        '$property must not hold control characters (such as NUL) or bidirectional formatting characters',
    }),
  );
}
