-- Staff roles (issue 14): the one all-powerful "admin" role becomes "owner"; "staff" and "writer" are new.
UPDATE "user" SET "role" = 'owner' WHERE "role" = 'admin';
