// drizzle relations for `db.query.*` (relational reads such as a peserta with its instansi,
// divisi, mentor and reviews). They add no SQL: the foreign keys live in schema.ts.
import { relations } from 'drizzle-orm';
import {
  divisi,
  divisiKategori,
  gradeItems,
  gradeTemplates,
  instansi,
  kompetensi,
  nilai,
  peserta,
  pesertaMahasiswa,
  pesertaSiswa,
  reviews,
  users,
} from './schema';

export const usersRelations = relations(users, ({ many }) => ({
  mentored: many(peserta, { relationName: 'mentor' }),
  supervised: many(peserta, { relationName: 'pembimbing' }),
}));

export const instansiRelations = relations(instansi, ({ many }) => ({ peserta: many(peserta) }));

export const divisiRelations = relations(divisi, ({ many }) => ({
  divisi_kategori: many(divisiKategori),
  peserta: many(peserta),
}));

export const kompetensiRelations = relations(kompetensi, ({ many }) => ({
  divisi_kategori: many(divisiKategori),
  nilai: many(nilai),
}));

export const divisiKategoriRelations = relations(divisiKategori, ({ one }) => ({
  kompetensi: one(kompetensi, { fields: [divisiKategori.kompetensi_id], references: [kompetensi.id] }),
  divisi: one(divisi, { fields: [divisiKategori.divisi_id], references: [divisi.id] }),
}));

export const pesertaRelations = relations(peserta, ({ one, many }) => ({
  instansi: one(instansi, { fields: [peserta.instansi_id], references: [instansi.id] }),
  divisi: one(divisi, { fields: [peserta.divisi_id], references: [divisi.id] }),
  mentor: one(users, { fields: [peserta.mentor_id], references: [users.id], relationName: 'mentor' }),
  pembimbing: one(users, {
    fields: [peserta.pembimbing_id],
    references: [users.id],
    relationName: 'pembimbing',
  }),
  siswa: one(pesertaSiswa, { fields: [peserta.id], references: [pesertaSiswa.peserta_id] }),
  mahasiswa: one(pesertaMahasiswa, { fields: [peserta.id], references: [pesertaMahasiswa.peserta_id] }),
  nilai: many(nilai),
  reviews: many(reviews),
}));

export const nilaiRelations = relations(nilai, ({ one }) => ({
  peserta: one(peserta, { fields: [nilai.peserta_id], references: [peserta.id] }),
  kompetensi: one(kompetensi, { fields: [nilai.kompetensi_id], references: [kompetensi.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  peserta: one(peserta, { fields: [reviews.peserta_id], references: [peserta.id] }),
  reviewer: one(users, { fields: [reviews.reviewer_id], references: [users.id] }),
}));

export const gradeTemplatesRelations = relations(gradeTemplates, ({ many }) => ({ items: many(gradeItems) }));

export const gradeItemsRelations = relations(gradeItems, ({ one }) => ({
  template: one(gradeTemplates, { fields: [gradeItems.template_id], references: [gradeTemplates.id] }),
}));
