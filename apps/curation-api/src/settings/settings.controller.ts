// GET/PUT /api/v1/settings: the category thresholds (Admin only; decision 039).
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentCaller } from '../access/caller';
import { AdminOnly } from '../access/curation-roles';
import type { StoredSettings } from './settings.repository';
import { SettingsService } from './settings.service';
import { parseSettingsUpdate } from './settings-update.parser';

@ApiTags('settings')
@Controller('api/v1/settings')
@AdminOnly()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  async read(): Promise<SettingsResponse> {
    return responseOf(await this.settings.current());
  }

  /** Any subset of the settings; the others keep their values. */
  @Put()
  async update(@Body() body: unknown, @CurrentCaller() caller: Caller): Promise<SettingsResponse> {
    const update = parseSettingsUpdate(body);
    return responseOf(await this.settings.update(caller, update));
  }
}

type SettingsResponse = Omit<StoredSettings, 'updatedAt'> & { readonly updatedAt: string };

function responseOf(stored: StoredSettings): SettingsResponse {
  return { ...stored, updatedAt: stored.updatedAt.toISOString() };
}
