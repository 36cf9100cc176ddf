// Body of POST /api/v1/protection-requests/{id}/approve, /deny and /withdraw: an optional note.
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { CuratedText, TEXT_MAX_LENGTH } from './curated-text';

export class DecideRequestDto {
  @ApiPropertyOptional({
    maxLength: TEXT_MAX_LENGTH,
    description: 'Shown to the requester with the outcome.',
  })
  @IsOptional()
  @CuratedText('note')
  note?: string;
}
