// Request bodies of the test endpoints (spec 4.2), validated at the edge.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

export class ReadResourceTestDto {
  @ApiProperty({
    example: 'mcp://files/file:///notes.txt',
    description:
      'A resource URI as the aggregated view lists it: `mcp://<serverId>/<uri>`, `router://…`, `logs://…`.',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  uri!: string;
}

export class GetPromptTestDto {
  @ApiProperty({ example: 'everything' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  serverId!: string;

  @ApiProperty({
    example: 'simple-prompt',
    description: 'The prompt name as the backend knows it (not namespaced).',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  promptName!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { city: 'Lisbon' },
    description: 'Prompt arguments; every value a string.',
  })
  @IsOptional()
  @IsObject()
  arguments?: Record<string, unknown>;
}

export class ResourceContentView {
  @ApiProperty() uri!: string;
  @ApiPropertyOptional() mimeType?: string;
  @ApiProperty({ description: 'Size of the content in bytes (decoded, for binary content).' }) size!: number;
  @ApiProperty({ description: 'Text, or base64 for binary content.' }) content!: string;
  @ApiProperty({ enum: ['utf-8', 'base64'] }) encoding!: string;
}

export class ReadResourceTestView extends ResourceContentView {
  @ApiPropertyOptional({
    type: [ResourceContentView],
    description: 'Every content item, when the resource has more than one (the top level shows the first).',
  })
  contents?: ResourceContentView[];
}

export class PromptMessageView {
  @ApiProperty({ enum: ['system', 'user', 'assistant'] }) role!: string;
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }],
    description: 'Text for text content; otherwise the MCP content object as the backend sent it.',
  })
  content!: unknown;
}

export class GetPromptTestView {
  @ApiPropertyOptional() description?: string;
  @ApiProperty({ type: [PromptMessageView] }) messages!: PromptMessageView[];
}
