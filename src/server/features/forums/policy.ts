import type { Viewer } from '../../platform/viewer';

// Who may do what with posts and replies (spec 2 section 6): authors edit their own; members
// delete their own, admins any. Forums themselves are admin routes (declared on the route).

export const canEdit = (viewer: Viewer, authorId: string | null) => authorId !== null && authorId === viewer.id;
export const canDelete = (viewer: Viewer, authorId: string | null) => viewer.isAdmin || canEdit(viewer, authorId);

/** The `can` a post or reply carries for the viewer; the web shows buttons from it. */
export const permissionsFor = (viewer: Viewer, authorId: string | null) => ({
  edit: canEdit(viewer, authorId),
  delete: canDelete(viewer, authorId),
});
