// GET/PUT /api/v1/settings: the category thresholds (Admin only; decision 039).
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentCaller } from '../access/caller';
import { AdminOnly } from '../access/curation-roles';
import type { StoredSettings } from './settings.repository';
import { SettingsService } from './settings.service';
import { parseSettingsUpdate } from './settings-update.parser';
import { SettingsUpdateView, SettingsView } from './settings.view';

@ApiTags('settings')
@Controller('api/v1/settings')
@AdminOnly()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOperation({ summary: 'The category thresholds and the prune settings.' })
  @ApiOkResponse({ type: SettingsView })
  async read(): Promise<SettingsView> {
    return responseOf(await this.settings.current());
  }

  /** Any subset of the settings; the others keep their values. */
  @Put()
  @ApiOperation({ summary: 'Changes any subset of the settings; the others keep their values.' })
  @ApiBody({ type: SettingsUpdateView })
  @ApiOkResponse({ type: SettingsView })
  @ApiBadRequestResponse({
    description:
      'Not a JSON object, an unknown field, a wrong type or a value out of range (settings.invalid).',
  })
  async update(@Body() body: unknown, @CurrentCaller() caller: Caller): Promise<SettingsView> {
    const update = parseSettingsUpdate(body);
    return responseOf(await this.settings.update(caller, update));
  }
}

function responseOf(stored: StoredSettings): SettingsView {
  return { ...stored, updatedAt: stored.updatedAt.toISOString() };
}
