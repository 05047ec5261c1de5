// The project detail's rows are kept per project revision (issue 34, services/project-rows.ts): every write
// is seen by the next read, whether it goes through the API or straight to the database as a worker
// process's would (the revision grows in the writer's transaction, migration 0019, whatever the order in
// which concurrent writers commit), and the access is checked on every read, never kept.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collaborator, Offer, Point, Project, ProjectListItem } from '@metocean/contracts';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let member: Actor;
let projectId: number;
let memberId: number;

const detail = async (who: Actor = manager) => (await who.get<Project>(`/api/projects/${projectId}/`)).body;
const sql = (text: string, values?: unknown[]) => server.runtime.services.database.executeSql(text, values);
/** The project's revision as the access reads it (db/project-changes.ts). */
const revision = async () =>
  Number(
    (
      await sql('SELECT coalesce(sum(writes), 0) AS r FROM project_changes WHERE project_id = $1', [
        projectId,
      ])
    ).rows[0]!.r,
  );

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  member = await server.as('member');
  const offers = (await manager.get<Offer[]>('/api/offers/')).body;
  const offer = offers.find((o) => o.name === 'On Demand')!;
  const created = await manager.post<{ projectId: number }>('/api/projects/', {
    name: 'Cache_check',
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === 'Southern North Sea')!.id,
    points: [
      { name: 'A', lat: 53.3, lng: 1.3 },
      { name: 'B', lat: 53.6, lng: 2.1 },
    ],
  });
  projectId = created.body.projectId;
  const people = (await manager.get<Collaborator[]>('/api/users/')).body;
  memberId = people.find((p) => p.username === 'member')!.id;
});
afterAll(() => server.stop());

describe('the project detail after a write', () => {
  it('shows a point added, renamed and deleted through the API at the next read', async () => {
    expect((await detail()).points.map((p) => p.name)).toEqual(['A', 'B']);
    const added = await manager.post<Point>('/api/points/', {
      project: projectId,
      name: 'C',
      geom: { type: 'Point', coordinates: [1.8, 53.4] },
    });
    expect(added.status).toBe(201);
    const withC = await detail();
    expect(withC.points.map((p) => p.name)).toEqual(['A', 'B', 'C']);
    expect(withC.nbPoints).toBe(3);
    // the new point has its data node like the others (read again with the rows)
    expect(withC.points[2]!.dataNode).not.toBeNull();

    const renamed = await manager.put(`/api/points/${added.body.id}/`, {
      id: added.body.id,
      project: projectId,
      name: 'C2',
      nbVersion: added.body.nbVersion,
    });
    expect(renamed.status).toBe(200);
    expect((await detail()).points.map((p) => p.name)).toEqual(['A', 'B', 'C2']);

    expect((await manager.delete(`/api/points/${added.body.id}/`)).status).toBeLessThan(300);
    expect((await detail()).points.map((p) => p.name)).toEqual(['A', 'B']);
  });

  it('shows a write made straight in the database (as a worker process writes) at the next read', async () => {
    const before = await detail();
    expect(before.status).toBe('PENDING');
    const pointA = before.points.find((p) => p.name === 'A')!;
    // a point's task started and half done, written in SQL: no service of this process is told
    await sql(
      `INSERT INTO tasks (point_id, process_type, status, progress) VALUES ($1, 'STATISTICS', 'RUNNING', 40)`,
      [pointA.id],
    );
    const running = await detail();
    expect(running.status).toBe('RUNNING');
    expect(running.progress).toBe(40);
    expect(running.points.find((p) => p.id === pointA.id)!.tasksPoints).toMatchObject([
      { processType: 'STATISTICS', status: 'RUNNING' },
    ]);

    await sql(`UPDATE tasks SET status = 'FINISHED', progress = 100 WHERE point_id = $1`, [pointA.id]);
    await sql(`UPDATE points SET is_computed = true WHERE id = $1`, [pointA.id]);
    const finished = await detail();
    expect(finished.status).toBe('FINISHED');
    expect(finished.points.find((p) => p.id === pointA.id)!.isComputed).toBe(true);
    // the list reads the same rows
    const listed = (await manager.get<ProjectListItem[]>('/api/projects/?search=Cache_check')).body;
    expect(listed.find((p) => p.id === projectId)!.points.find((p) => p.id === pointA.id)!.isComputed).toBe(
      true,
    );

    await sql(`DELETE FROM tasks WHERE point_id = $1`, [pointA.id]);
    expect((await detail()).status).toBe('PENDING');
  });

  it('checks the access at every read: a collaborator added sees it, removed no longer does', async () => {
    // the manager's reads have kept the rows; the member is no collaborator yet
    expect((await detail()).collaborators).not.toContain(memberId);
    expect((await member.get(`/api/projects/${projectId}/`)).status).toBe(404);

    const granted = await manager.post(`/api/projects/${projectId}/update_collaborators/`, {
      collaborators: [memberId],
    });
    expect(granted.status).toBeLessThan(300);
    expect((await detail()).collaborators).toContain(memberId);
    const seen = await member.get<Project>(`/api/projects/${projectId}/`);
    expect(seen.status).toBe(200);
    expect(seen.body.isManager).toBe(false);

    await manager.post(`/api/projects/${projectId}/update_collaborators/`, { collaborators: [] });
    expect((await detail()).collaborators).not.toContain(memberId);
    expect((await member.get(`/api/projects/${projectId}/`)).status).toBe(404);
  });

  it('moves the revision with each kind of write the detail shows, in the writer’s transaction', async () => {
    const pointA = (await detail()).points.find((p) => p.name === 'A')!;
    const zoneId = Number(
      (await sql('SELECT zone_id FROM projects WHERE id = $1', [projectId])).rows[0]!.zone_id,
    );
    const writes = [
      `UPDATE points SET name = 'A2' WHERE id = ${pointA.id}`,
      `INSERT INTO project_collaborators (project_id, user_id) VALUES (${projectId}, ${memberId})`,
      `DELETE FROM project_collaborators WHERE project_id = ${projectId} AND user_id = ${memberId}`,
      `INSERT INTO computations (project_id, credits, status) VALUES (${projectId}, 0, 'FINISHED')`,
      `UPDATE computations SET status = 'FAILED' WHERE project_id = ${projectId}`,
      `INSERT INTO tasks (point_id, process_type, status, progress) VALUES (${pointA.id}, 'STATISTICS', 'PENDING', 0)`,
      `UPDATE tasks SET progress = 5 WHERE point_id = ${pointA.id}`,
      `INSERT INTO results (task_id, point_id, stat_id, code, payload)
         SELECT id, point_id, 'OVERVIEW', 'OVERVIEW', '\\x00'::bytea FROM tasks WHERE point_id = ${pointA.id}`,
      `DELETE FROM results WHERE point_id = ${pointA.id} AND code = 'OVERVIEW'`,
      `UPDATE dataset_zones SET zone_id = zone_id WHERE ctid = (SELECT ctid FROM dataset_zones WHERE zone_id = ${zoneId} LIMIT 1)`,
    ];
    for (const write of writes) {
      const before = await revision();
      await sql(write);
      expect(await revision(), write).toBe(before + 1);
    }
    // a heartbeat (updated_at alone) and a result other than the overview change nothing the detail shows
    const beforeBeat = await revision();
    await sql(`UPDATE tasks SET updated_at = now() WHERE point_id = ${pointA.id}`);
    await sql(
      `INSERT INTO results (task_id, point_id, stat_id, code, payload)
         SELECT id, point_id, 'EXT__hs', 'EXT', '\\x00'::bytea FROM tasks WHERE point_id = ${pointA.id}`,
    );
    await sql(`DELETE FROM results WHERE point_id = ${pointA.id}`);
    expect(await revision()).toBe(beforeBeat);
    // a write that is rolled back leaves the revision (and so the kept rows) as they were
    const before = await revision();
    await sql(`BEGIN; UPDATE points SET name = 'A3' WHERE id = ${pointA.id}; ROLLBACK;`);
    expect(await revision()).toBe(before);
    expect((await detail()).points.map((p) => p.name)).toEqual(['A2', 'B']);
  });

  it('sees a write committed after a later-begun one has committed (the log is summed, not read by its max id)', async () => {
    const [pointA, pointB] = (await detail()).points;
    const url = server.runtime.services.config.databaseUrl;
    // two writers side by side on connections of their own (PostgreSQL); on the embedded database, whose one
    // connection takes one transaction at a time, the same writes one after the other
    const first = url ? new pg.Client({ connectionString: url }) : undefined;
    const second = url ? new pg.Client({ connectionString: url }) : undefined;
    await first?.connect();
    await second?.connect();
    try {
      if (first && second) {
        await first.query('BEGIN');
        // the first writer appends its change row (the lower id) and has not committed
        await first.query(`UPDATE points SET name = 'A_late' WHERE id = $1`, [pointA!.id]);
        await second.query('BEGIN');
        await second.query(`UPDATE points SET name = 'B_early' WHERE id = $1`, [pointB!.id]);
        await second.query('COMMIT');
        // read and kept at the revision that counts the second write only
        expect((await detail()).points.map((p) => p.name)).toEqual(['A2', 'B_early']);
        await first.query('COMMIT');
      } else {
        await sql(`UPDATE points SET name = 'B_early' WHERE id = $1`, [pointB!.id]);
        expect((await detail()).points.map((p) => p.name)).toEqual(['A2', 'B_early']);
        await sql(`UPDATE points SET name = 'A_late' WHERE id = $1`, [pointA!.id]);
      }
      expect((await detail()).points.map((p) => p.name)).toEqual(['A_late', 'B_early']);
    } finally {
      await first?.end();
      await second?.end();
    }
  });
});
