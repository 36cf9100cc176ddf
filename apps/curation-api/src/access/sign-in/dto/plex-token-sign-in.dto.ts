// Body of POST /api/v1/auth/plex: a plex.tv account token (the Overseerr convention).
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';

export class PlexTokenSignInDto {
  @ApiProperty({ description: 'A plex.tv account token, as a Plex sign-in in the browser yields it.' })
  @IsString()
  @Length(1, 512)
  @Matches(/^\S+$/, { message: 'authToken must not contain whitespace' })
  authToken!: string;
}
