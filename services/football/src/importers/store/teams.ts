import type { Knex } from '@matchday/server';
import { nationalTeam } from '@matchday/contracts';
import { curatedKeys, findCuratedClub, type CuratedClub } from '../aliases';
import type { ImportedTeam, ImportedVenue, SourceName } from '../model';
import { normalizeTeamName } from '../names';
import type { TeamsRow } from '../../db/rows';
import { normalizeSearchText, SEARCH_TABLE } from '../../domain/search';
import { indexNames } from './search';
import { changedColumns, isEmptyObject, type Row } from './shared';

/** Venues and teams. */

export class VenueResolver {
  private readonly ids = new Map<string, number>();
  constructor(private readonly trx: Knex.Transaction) {}

  async resolve(venue: ImportedVenue | null | undefined): Promise<number | null> {
    const name = venue?.name?.trim();
    if (!venue || !name) return null;
    const city = venue.city?.trim() ?? '';
    const key = `${name.toLowerCase()}\u0000${city.toLowerCase()}`;
    const cached = this.ids.get(key);
    if (cached !== undefined) return cached;
    const row = (await this.trx('venues').where({ name, city }).first('id', 'country', 'capacity')) as
      { id: number; country: string | null; capacity: number | null } | undefined;
    let id: number;
    if (row) {
      id = Number(row.id);
      const changes = changedColumns(row, { country: venue.country ?? null, capacity: venue.capacity ?? null });
      if (!isEmptyObject(changes)) await this.trx('venues').where({ id }).update(changes);
    } else {
      const [inserted] = await this.trx('venues').insert({ name, city, country: venue.country ?? null, capacity: venue.capacity ?? null });
      id = Number(inserted);
    }
    this.ids.set(key, id);
    return id;
  }
}

/** The columns of a team the resolver fills in. */
type TeamRow = Pick<TeamsRow, 'id' | 'name' | 'short_name' | 'code' | 'logo' | 'country' | 'venue_id'>;

/**
 * The names a team is found by: its own; a national team's FIFA official name and aliases ("Korea Republic", "Côte
 * d'Ivoire"); a curated club's short names fans use ("Man Utd", "Spurs", "Wolves").
 */
function searchNames(name: string, curated: CuratedClub | undefined): Array<string | undefined> {
  const nation = nationalTeam(name);
  return [name, ...(nation ? [nation.officialName, ...(nation.aliases ?? [])] : []), ...(curated?.aliases ?? [])];
}

/**
 * Team-name reconciliation. A spelling is normalised (names.ts) and looked up in `team_aliases`;
 * a spelling of a curated club (aliases.ts) finds the team under any of the club's other spellings;
 * an unknown club becomes a new team with its alias. Missing details (short name, logo, venue) are
 * filled from whichever source has them.
 */
export class TeamResolver {
  private readonly teams = new Map<number, TeamRow>();
  private readonly externalIds = new Set<string>();
  /** Team objects already resolved (parsers reuse one object per team). */
  private readonly bySpelling = new WeakMap<ImportedTeam, number>();
  /** Curated clubs whose short names this save has made sure are in the search index. */
  private readonly indexedClubs = new Set<number>();

  private constructor(
    private readonly trx: Knex.Transaction,
    private readonly aliases: Map<string, number>,
    private readonly venues: VenueResolver,
  ) {}

  static async load(trx: Knex.Transaction, venues = new VenueResolver(trx)): Promise<TeamResolver> {
    const rows = (await trx('team_aliases').select('alias', 'team_id')) as Array<{ alias: string; team_id: number }>;
    return new TeamResolver(trx, new Map(rows.map((r) => [r.alias, Number(r.team_id)])), venues);
  }

  async resolve(team: ImportedTeam, source?: SourceName): Promise<number> {
    // Fast path: a spelling already resolved in this save, with no new details to record.
    const known = this.bySpelling.get(team);
    if (known !== undefined) return known;
    const id = await this.resolveSpelling(team, source);
    this.bySpelling.set(team, id);
    return id;
  }

  private async resolveSpelling(team: ImportedTeam, source?: SourceName): Promise<number> {
    const key = normalizeTeamName(team.name);
    if (!key) throw new Error(`Team name "${team.name}" is empty`);
    const curated = findCuratedClub(team.name);
    const keys = [key, ...(curated ? curatedKeys(curated) : [])];
    let id = keys.map((k) => this.aliases.get(k)).find((v) => v !== undefined);
    if (id === undefined) {
      const name = curated?.name ?? team.name.trim();
      const existing = (await this.trx('teams').where({ name }).first('id')) as { id: number } | undefined;
      if (existing) {
        id = Number(existing.id);
      } else {
        const [inserted] = await this.trx('teams').insert({
          name,
          short_name: team.shortName ?? null,
          code: team.code ?? null,
          logo: team.logo ?? null,
          country: curated?.country ?? team.country ?? null,
          venue_id: await this.venues.resolve(team.venue),
        });
        id = Number(inserted);
        await indexNames(this.trx, 'team', [{ id, names: searchNames(name, curated) }]);
        this.indexedClubs.add(id);
      }
    }
    if (curated && !this.indexedClubs.has(id)) await this.indexShortNames(id, curated);
    const missing = [...new Set(keys)].filter((k) => !this.aliases.has(k));
    if (missing.length > 0) {
      await this.trx('team_aliases').insert(missing.map((alias) => ({ alias, team_id: id })));
      for (const alias of missing) this.aliases.set(alias, id);
    }
    await this.fillDetails(id, team);
    if (source && team.externalId) await this.rememberExternalId(id, source, team.externalId);
    return id;
  }

  /** A club stored before its short names were searchable (or before its curated entry had them) gets them now. */
  private async indexShortNames(id: number, club: CuratedClub): Promise<void> {
    this.indexedClubs.add(id);
    const wanted = club.aliases.map(normalizeSearchText).filter(Boolean);
    if (wanted.length === 0) return;
    const found = (await this.trx(SEARCH_TABLE).where({ kind: 'team', entity_id: id }).whereIn('term', wanted).select('term')) as Array<{
      term: string;
    }>;
    if (found.length === new Set(wanted).size) return;
    const row = (await this.trx('teams').where({ id }).first('name')) as { name: string };
    await indexNames(this.trx, 'team', [{ id, names: searchNames(row.name, club) }]);
  }

  private async fillDetails(id: number, team: ImportedTeam): Promise<void> {
    let row = this.teams.get(id);
    if (!row) {
      row = (await this.trx('teams').where({ id }).first('id', 'name', 'short_name', 'code', 'logo', 'country', 'venue_id')) as TeamRow;
      this.teams.set(id, row);
    }
    const changes: Row = {};
    if (!row.short_name && team.shortName) changes.short_name = team.shortName;
    if (!row.code && team.code) changes.code = team.code;
    if (!row.logo && team.logo) changes.logo = team.logo;
    if (!row.country && team.country) changes.country = team.country;
    if (!row.venue_id && team.venue) changes.venue_id = await this.venues.resolve(team.venue);
    if (!isEmptyObject(changes)) {
      await this.trx('teams').where({ id }).update(changes);
      Object.assign(row, changes);
    }
  }

  private async rememberExternalId(id: number, source: SourceName, externalId: string): Promise<void> {
    const key = `${source}\u0000${externalId}`;
    if (this.externalIds.has(key)) return;
    this.externalIds.add(key);
    const existing = await this.trx('external_ids').where({ entity: 'team', source, external_id: externalId }).first('entity_id');
    if (!existing) await this.trx('external_ids').insert({ entity: 'team', source, external_id: externalId, entity_id: id });
  }
}

/** Resolves (creating when new) one team outside a larger save. */
export async function resolveTeam(db: Knex, team: ImportedTeam, source?: SourceName): Promise<number> {
  return db.transaction(async (trx) => (await TeamResolver.load(trx)).resolve(team, source));
}
