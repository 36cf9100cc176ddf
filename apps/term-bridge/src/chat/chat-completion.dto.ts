// The documented shapes of POST /v1/chat/completions, for the OpenAPI document only: requests
// are read by parseChatRequest, which ignores fields it does not know.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class ChatMessageDto {
  @ApiProperty({ example: 'user', description: "Only the last message is used; it must be the user's." })
  role!: string;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'object' } }],
    example: 'ls -la',
    description:
      'Text, or content parts whose text parts are joined. Text starting with "/" is a control command.',
  })
  content!: string;
}

class StreamOptionsDto {
  @ApiPropertyOptional({ description: 'Send a usage chunk before [DONE].' })
  include_usage?: boolean;
}

export class ChatCompletionRequestDto {
  @ApiProperty({ example: 'term:dev', description: '"term:<session>", or "term:new" to create a session.' })
  model!: string;

  @ApiProperty({ type: [ChatMessageDto] })
  messages!: ChatMessageDto[];

  @ApiPropertyOptional({ default: false })
  stream?: boolean;

  @ApiPropertyOptional({ type: StreamOptionsDto })
  stream_options?: StreamOptionsDto;
}

class AssistantMessageView {
  @ApiProperty({ enum: ['assistant'] }) role!: string;
  @ApiProperty() content!: string;
}

class ChoiceView {
  @ApiProperty() index!: number;
  @ApiProperty({ type: AssistantMessageView }) message!: AssistantMessageView;
  @ApiProperty({ enum: ['stop'] }) finish_reason!: string;
}

class UsageView {
  @ApiProperty({ description: 'Estimated: about 4 characters per token.' }) prompt_tokens!: number;
  @ApiProperty() completion_tokens!: number;
  @ApiProperty() total_tokens!: number;
}

export class ChatCompletionView {
  @ApiProperty({ example: 'chatcmpl-0f1e2d3c4b5a69788796a5b4' }) id!: string;
  @ApiProperty({ enum: ['chat.completion'] }) object!: string;
  @ApiProperty() created!: number;
  @ApiProperty({ example: 'term:dev' }) model!: string;
  @ApiProperty({ type: [ChoiceView] }) choices!: ChoiceView[];
  @ApiProperty({ type: UsageView }) usage!: UsageView;
}
