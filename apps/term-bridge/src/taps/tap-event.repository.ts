// All SQL about persisted diagnostic events: batch inserts and the retention delete.
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { TapEventEntity } from './tap-event.entity';

export type NewTapEvent = Omit<TapEventEntity, 'id'>;

@Injectable()
export class TapEventRepository {
  constructor(@InjectRepository(TapEventEntity) private readonly events: Repository<TapEventEntity>) {}

  /** One statement for the whole batch. */
  async insertMany(events: readonly NewTapEvent[]): Promise<void> {
    await this.events.insert([...events]);
  }

  /** Deletes the events that occurred before `cutoff`; returns how many. */
  async deleteOlderThan(cutoff: Date): Promise<number> {
    const result = await this.events.delete({ occurredAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
