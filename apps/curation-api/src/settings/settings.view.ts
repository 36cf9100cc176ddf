// What GET and PUT /api/v1/settings answer, and what PUT takes, for the OpenAPI document. Ranges
// and defaults come from SETTING_RULES, the table the parser checks against; the answer implements
// the stored settings, so the compiler refuses a documented shape that misses a field.
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { type SettingName, SETTING_RULES } from './category-settings';
import type { StoredSettings } from './settings.repository';
import type { SettingsUpdate } from './settings-update.parser';

type SettingsResponse = Omit<StoredSettings, 'updatedAt'> & { readonly updatedAt: string };

/** A threshold's schema: integer or number, its range and its default. */
function threshold(name: SettingName): ApiPropertyOptions {
  const rule = SETTING_RULES[name];
  return {
    type: rule.kind,
    minimum: rule.min,
    maximum: rule.max,
    description: `Default ${rule.defaultValue}.`,
  };
}

const RESETS_OVERSEERR =
  'A prune that leaves an item on no instance resets its Overseerr media entry. Default false.';
const REFRESHES_PLEX =
  "A prune that deleted something asks Plex to scan its sections of the item's kind. Default false.";

export class SettingsView implements SettingsResponse {
  @ApiProperty(threshold('neverWatchedDays'))
  neverWatchedDays!: number;

  @ApiProperty(threshold('staleDays'))
  staleDays!: number;

  @ApiProperty(threshold('abandonedDays'))
  abandonedDays!: number;

  @ApiProperty(threshold('requestedNotWatchedDays'))
  requestedNotWatchedDays!: number;

  @ApiProperty(threshold('spaceHogMovieGib'))
  spaceHogMovieGib!: number;

  @ApiProperty(threshold('spaceHog4kMovieGib'))
  spaceHog4kMovieGib!: number;

  @ApiProperty(threshold('spaceHogEpisodeGib'))
  spaceHogEpisodeGib!: number;

  @ApiProperty(threshold('lowResolutionCutoffYear'))
  lowResolutionCutoffYear!: number;

  @ApiProperty(threshold('pre2017CutoffYear'))
  pre2017CutoffYear!: number;

  @ApiProperty({ description: RESETS_OVERSEERR })
  pruneResetsOverseerr!: boolean;

  @ApiProperty({ description: REFRESHES_PLEX })
  pruneRefreshesPlex!: boolean;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Who changed them last (an actor name); null until someone did.',
  })
  updatedBy!: string | null;
}

/** PUT's body: any subset of the settings; an unknown field is refused. */
export class SettingsUpdateView implements SettingsUpdate {
  @ApiPropertyOptional(threshold('neverWatchedDays'))
  neverWatchedDays?: number;

  @ApiPropertyOptional(threshold('staleDays'))
  staleDays?: number;

  @ApiPropertyOptional(threshold('abandonedDays'))
  abandonedDays?: number;

  @ApiPropertyOptional(threshold('requestedNotWatchedDays'))
  requestedNotWatchedDays?: number;

  @ApiPropertyOptional(threshold('spaceHogMovieGib'))
  spaceHogMovieGib?: number;

  @ApiPropertyOptional(threshold('spaceHog4kMovieGib'))
  spaceHog4kMovieGib?: number;

  @ApiPropertyOptional(threshold('spaceHogEpisodeGib'))
  spaceHogEpisodeGib?: number;

  @ApiPropertyOptional(threshold('lowResolutionCutoffYear'))
  lowResolutionCutoffYear?: number;

  @ApiPropertyOptional(threshold('pre2017CutoffYear'))
  pre2017CutoffYear?: number;

  @ApiPropertyOptional({ description: RESETS_OVERSEERR })
  pruneResetsOverseerr?: boolean;

  @ApiPropertyOptional({ description: REFRESHES_PLEX })
  pruneRefreshesPlex?: boolean;
}
