// Builds the scope of a category computation from the request: the current settings, the clock's
// now, and a user id that must name a known user (400 when malformed, 404 when unknown).
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import { SettingsRepository } from '../settings/settings.repository';
import { CategoryErrors } from './category-errors';
import type { CategoryScope } from './category-scope';
import { KnownUsersRepository } from './known-users.repository';

/** A plex.tv account id as the catalog and the categories take it: decimal, at most 19 digits. */
export const ACCOUNT_ID = /^[0-9]{1,19}$/;

@Injectable()
export class CategoryScopeService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly users: KnownUsersRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async scopeFor(userId: string | undefined): Promise<CategoryScope> {
    const checked = userId === undefined ? null : await this.knownUser('userId', userId);
    return { settings: await this.settings.current(), now: this.clock.now(), userId: checked };
  }

  /** The id when it names a user; a domain error naming `parameter` otherwise. */
  async knownUser(parameter: string, userId: string): Promise<string> {
    if (!ACCOUNT_ID.test(userId)) throw CategoryErrors.invalidUserId(parameter);
    if (!(await this.users.exists(userId))) throw CategoryErrors.unknownUser(parameter, userId);
    return userId;
  }
}
