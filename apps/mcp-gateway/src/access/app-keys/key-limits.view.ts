// Response of GET /api/appkeys/limits.
import { ApiProperty } from '@nestjs/swagger';

export class KeyLimitsView {
  @ApiProperty({ description: 'GlobalMaxKeys: active machine keys allowed in total; 0 = unlimited.' })
  globalMaxKeys!: number;

  @ApiProperty({ description: 'UserMaxKeys: active machine keys allowed per user; 0 = unlimited.' })
  userMaxKeys!: number;

  @ApiProperty({ description: 'Active machine keys in total.' })
  globalCount!: number;

  @ApiProperty({ description: 'Active machine keys of the caller.' })
  userCount!: number;
}
