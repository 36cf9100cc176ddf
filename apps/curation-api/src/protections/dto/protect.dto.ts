// Body of POST /api/v1/catalog/{id}/protect (spec 4.3's protect request).
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { CuratedText, TEXT_MAX_LENGTH } from './curated-text';

export class ProtectDto {
  @ApiProperty({ description: 'true protects the item from pruning, false lifts the protection.' })
  @IsBoolean({ message: 'isProtected must be true or false' })
  isProtected!: boolean;

  @ApiPropertyOptional({
    maxLength: TEXT_MAX_LENGTH,
    description: 'Why: required to protect, optional to unprotect (then it goes to the audit ledger).',
  })
  @IsOptional()
  @CuratedText('reason')
  reason?: string;
}
