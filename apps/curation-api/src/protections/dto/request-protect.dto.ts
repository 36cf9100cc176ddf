// Body of POST /api/v1/catalog/{id}/request-protect (spec 4.3's request-protect request).
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty } from 'class-validator';
import { CuratedText, TEXT_MAX_LENGTH } from './curated-text';

export class RequestProtectDto {
  @ApiProperty({ minLength: 1, maxLength: TEXT_MAX_LENGTH, description: 'Why the item should stay.' })
  @CuratedText('reason')
  @IsNotEmpty({ message: 'reason must say why the item should stay' })
  reason!: string;
}
