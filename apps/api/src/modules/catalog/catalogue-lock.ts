/**
 * The catalogue's writers that must not run at once, whatever process runs them, take this
 * transaction-level advisory lock: the 1C import (one import at a time, onec/catalog-import.ts),
 * a product created by hand (it draws its code from onec_product_code_seq, the sequence the
 * import draws from: catalog-admin.service.ts createProduct), and the pictures job's writes
 * (modules/pictures/pictures.job.ts). The catalogue owns it; the import and the job use it.
 */
export const IMPORT_LOCK = 0x1c_ca7a;
