// Transcript grade templates (the Management Grade Template screen, HR). Rule kept here: a
// template's thresholds are replaced as a whole, in the same transaction as the template.
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { GradeItem, GradeTemplateInput } from '../../src/domain/grade';
import type { Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import type { Db, Tx } from '../db/client';
import { gradeItems, gradeTemplates } from '../db/schema';
import { HttpError } from '../http-error';
import { recordDeletions } from './deletions';

/** A grade template as the API returns it; items from the highest `min` down. */
interface ApiGradeTemplate {
  id: number;
  nama: string;
  deskripsi: string;
  kategori: Jenjang;
  items: GradeItem[];
}

async function queryTemplates(db: Db, id?: number): Promise<ApiGradeTemplate[]> {
  return db.query.gradeTemplates.findMany({
    columns: { id: true, nama: true, deskripsi: true, kategori: true },
    where: id === undefined ? undefined : eq(gradeTemplates.id, id),
    with: {
      items: {
        columns: { huruf: true, min: true, predikat: true },
        orderBy: [desc(gradeItems.min), asc(gradeItems.position), asc(gradeItems.id)],
      },
    },
    orderBy: [sql`lower(${gradeTemplates.nama}) collate "C"`, asc(gradeTemplates.id)],
  });
}

/** Every template by name, each with its thresholds from the highest `min` down. */
export function listGradeTemplates(db: Db): Promise<ApiGradeTemplate[]> {
  return queryTemplates(db);
}

async function getTemplate(db: Db, id: number): Promise<ApiGradeTemplate> {
  const [row] = await queryTemplates(db, id);
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  return row;
}

async function insertItems(tx: Tx, templateId: number, items: readonly GradeItem[]): Promise<void> {
  // `position` keeps the form's row order among thresholds with the same `min`.
  await tx.insert(gradeItems).values(items.map((item, position) => ({ template_id: templateId, ...item, position })));
}

/** Creates a template with its thresholds. */
export async function createGradeTemplate(db: Db, input: GradeTemplateInput): Promise<ApiGradeTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gradeTemplates)
      .values({ nama: input.nama, deskripsi: input.deskripsi, kategori: input.kategori })
      .returning({ id: gradeTemplates.id });
    const id = (row as { id: number }).id;
    await insertItems(tx, id, input.items);
    return getTemplate(tx, id);
  });
}

/** Replaces a template's fields and all its thresholds; 404 unknown id. */
export async function updateGradeTemplate(db: Db, id: number, input: GradeTemplateInput): Promise<ApiGradeTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(gradeTemplates)
      .set({ nama: input.nama, deskripsi: input.deskripsi, kategori: input.kategori })
      .where(eq(gradeTemplates.id, id))
      .returning({ id: gradeTemplates.id });
    if (!row) throw new HttpError(404, SERVER_MSG.notFound);
    await tx.delete(gradeItems).where(eq(gradeItems.template_id, id));
    await insertItems(tx, id, input.items);
    return getTemplate(tx, id);
  });
}

/** Deletes a template and its thresholds, leaving a tombstone; 404 unknown id. */
export async function deleteGradeTemplate(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(gradeTemplates).where(eq(gradeTemplates.id, id)).returning({ id: gradeTemplates.id });
    if (!row) throw new HttpError(404, SERVER_MSG.notFound);
    await recordDeletions(tx, 'grade_templates', [id]);
  });
}
