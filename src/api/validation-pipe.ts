import {
  BadRequestException,
  HttpException,
  ValidationPipe,
  type ValidationPipeOptions,
} from '@nestjs/common';
import { getMetadataStorage, type ValidationError } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadatas = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

/**
 * Nest's ValidationPipe, with the same messages, whose 400 also names the first field at fault (its
 * path in the body or query: `units.0.morale`), for the problem details' `field`.
 */
export class FieldNamingValidationPipe extends ValidationPipe {
  constructor(options?: ValidationPipeOptions) {
    super(options);
    rememberTargetMetadatas(getMetadataStorage());
  }

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

const remembering = new WeakSet<MetadataStorage>();

/**
 * class-validator works out a class's rules afresh at every validation (and Nest's pipe once more, for
 * its binary-value check): a filter over every decorated class of the service, with an `instanceof` for
 * each, then a grouping by property. The answer only changes when a decorator adds a rule, so it is
 * kept per class and options until then: the same rules, hence the same checks and messages, without
 * the walk on every request. (The storage is class-validator's global one, shared by every copy.)
 */
function rememberTargetMetadatas(storage: MetadataStorage): void {
  if (remembering.has(storage)) return;
  remembering.add(storage);
  const work = {
    targets: storage.getTargetValidationMetadatas.bind(storage),
    group: storage.groupByPropertyName.bind(storage),
    add: storage.addValidationMetadata.bind(storage),
  };
  let byTarget = new Map<unknown, Map<string, ValidationMetadatas>>();
  let grouped = new WeakMap<ValidationMetadatas, Grouped>();
  storage.addValidationMetadata = (metadata) => {
    // A new rule (a class decorated late): everything worked out so far may be missing it.
    byTarget = new Map();
    grouped = new WeakMap();
    work.add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${typeof schema}:${String(schema)}|${always}|${strictGroups}|${groups?.length ?? -1}:${(groups ?? []).join('\u0000')}`;
    let forTarget = byTarget.get(target);
    if (!forTarget) byTarget.set(target, (forTarget = new Map()));
    let metadatas = forTarget.get(key);
    if (!metadatas) {
      metadatas = work.targets(target, schema, always, strictGroups, groups);
      forTarget.set(key, metadatas);
    }
    return metadatas;
  };
  storage.groupByPropertyName = (metadatas) => {
    let byProperty = grouped.get(metadatas);
    if (!byProperty) {
      byProperty = work.group(metadatas);
      grouped.set(metadatas, byProperty);
    }
    return byProperty;
  };
}
