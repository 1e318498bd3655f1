-- The back office's order search (issue 14): any part of the name, email, number, product titles and
-- colour names, typo tolerant, through a trigram index (pg_trgm: migration 0013). The lines' words are
-- kept on the order (lines_text) by a trigger, so every way lines are written keeps it right.
DROP INDEX "orders_search_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate("orders"."name" || ' ' || "orders"."email" || ' ' || "orders"."number" || ' ' || "orders"."lines_text", 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzsOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYy'))) STORED NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "lines_text" = l.words
FROM (SELECT "order_id", string_agg("title" || ' ' || "variant_name", ' ' ORDER BY "title", "variant_name") AS words FROM "order_items" GROUP BY "order_id") l
WHERE l."order_id" = o."id";--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Order lines are snapshots, written once with their order and never edited (refunds only count units),
-- so inserts are all the trigger follows. One UPDATE per statement: a checkout's lines cost one write.
CREATE FUNCTION "order_items_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET "lines_text" = l.words
  FROM (
    SELECT i."order_id", string_agg(i."title" || ' ' || i."variant_name", ' ' ORDER BY i."title", i."variant_name") AS words
    FROM "order_items" i
    WHERE i."order_id" IN (SELECT DISTINCT "order_id" FROM new_items)
    GROUP BY i."order_id"
  ) l
  WHERE l."order_id" = o."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_items_search_text" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION "order_items_search_text"();
