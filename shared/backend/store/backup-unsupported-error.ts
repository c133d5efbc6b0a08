/** What to do instead on Firestore, which keeps no file to copy. */
export const MANAGED_BACKUPS = `Firestore is backed up by Google, not by this command:
  one-off export:  gcloud firestore export gs://<bucket>/backups/$(date +%F) --project <project-id>
  daily backups:   gcloud firestore backups schedules create --database='(default)' --recurrence=daily --retention=14w --project <project-id>
  restore:         gcloud firestore import gs://<bucket>/backups/<date> --project <project-id>
See https://firebase.google.com/docs/firestore/manage-data/export-import`;

/** The store's provider keeps the backups (Firestore's managed export); its message says how. */
export class BackupUnsupportedError extends Error {
  override name = 'BackupUnsupportedError';
  constructor() {
    super(MANAGED_BACKUPS);
  }
}
