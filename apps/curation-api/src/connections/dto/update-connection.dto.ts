// Body of PUT /api/v1/connections/{id}: every field again, except that apiKey may be left out to
// keep the stored key while baseUrl stays the same (decision 035).
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, IsUrl, Length, Matches } from 'class-validator';
import { CONNECTION_TYPES, type ConnectionType } from '../connection.repository';
import {
  API_KEY_PATTERN,
  CONNECTION_NAME_MESSAGE,
  CONNECTION_NAME_PATTERN,
  CONNECTION_TYPE_MESSAGE,
  CONNECTION_URL_MESSAGE,
  CONNECTION_URL_OPTIONS,
} from './create-connection.dto';

export class UpdateConnectionDto {
  @ApiProperty({ enum: CONNECTION_TYPES, description: "Must be the connection's type: it cannot change." })
  @IsIn(CONNECTION_TYPES, { message: CONNECTION_TYPE_MESSAGE })
  type!: ConnectionType;

  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  @Matches(CONNECTION_NAME_PATTERN, { message: CONNECTION_NAME_MESSAGE })
  name!: string;

  @ApiProperty()
  @IsString()
  @Length(1, 2000)
  @IsUrl(CONNECTION_URL_OPTIONS, { message: CONNECTION_URL_MESSAGE })
  baseUrl!: string;

  @ApiPropertyOptional({ description: 'Leave out to keep the stored key; required when baseUrl changes.' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  @Matches(API_KEY_PATTERN, { message: 'apiKey must not contain whitespace' })
  apiKey?: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  is4k?: boolean;
}
