// The OpenAPI description of `limit` and `offset`, which every paged list takes (their parsing is
// integerValue and offsetValue in catalog-query.parser.ts).
import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { MAX_OFFSET } from './catalog-query.parser';

export function ApiPagingQueries(defaultLimit: number, maxLimit: number): MethodDecorator {
  return applyDecorators(
    ApiQuery({
      name: 'limit',
      required: false,
      description: `How many to answer: 1 to ${maxLimit}, default ${defaultLimit}.`,
      schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
    }),
    ApiQuery({
      name: 'offset',
      required: false,
      description: 'How many to skip, default 0.',
      schema: { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 },
    }),
  );
}
