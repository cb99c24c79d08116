import { BadRequestException, HttpException, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/**
 * Nest's ValidationPipe, with the same messages, whose 400 also names the first field at fault (its
 * path in the body or query: `units.0.morale`), for the problem details' `field`.
 */
export class FieldNamingValidationPipe extends ValidationPipe {
  override createExceptionFactory(): (errors?: ValidationError[]) => unknown {
    const nests = super.createExceptionFactory();
    return (errors: ValidationError[] = []) => {
      const refusal = nests(errors);
      if (!(refusal instanceof HttpException) || refusal.getStatus() !== 400) return refusal;
      const field = firstFieldPath(errors);
      const response = refusal.getResponse();
      const message =
        typeof response === 'object' && response !== null
          ? (response as { message?: unknown }).message
          : response;
      return new BadRequestException({ message, ...(field ? { field } : {}) });
    };
  }
}

/** The path of the first property with a failed constraint, down through nested objects and arrays. */
function firstFieldPath(errors: readonly ValidationError[]): string | undefined {
  const path: string[] = [];
  let error: ValidationError | undefined = errors[0];
  while (error) {
    path.push(error.property);
    if (error.constraints && Object.keys(error.constraints).length > 0) break;
    error = error.children?.[0];
  }
  return path.length > 0 ? path.join('.') : undefined;
}
