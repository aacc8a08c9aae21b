import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { foldedText } from "../src/server/db/order-search-keys.ts";

const firstNames = [
  "Ana",
  "José",
  "María",
  "João",
  "Lucía",
  "António",
  "Carmen",
  "Inês",
  "Javier",
  "Beatriz",
  "Álvaro",
  "Sofía",
  "Miguel",
  "Conceição",
  "Pedro",
  "Raquel",
  "Íñigo",
  "Marta",
  "Rui",
  "Elena",
  "Nuno",
  "Pilar",
  "Tomás",
];
const lastNames = [
  "García",
  "Fernández",
  "González",
  "Rodríguez",
  "López",
  "Martínez",
  "Sánchez",
  "Pérez",
  "Gómez",
  "Martín",
  "Silva",
  "Santos",
  "Ferreira",
  "Pereira",
  "Oliveira",
  "Costa",
  "Rodrigues",
  "Martins",
  "Sousa",
  "Núñez",
  "Álvarez",
  "Muñoz",
  "Gonçalves",
  "Ibáñez",
  "Peña",
  "Castro",
  "Romero",
];
const peninsulaCities = [
  "Madrid",
  "Barcelona",
  "Valencia",
  "Sevilla",
  "Zaragoza",
  "Málaga",
  "Bilbao",
  "Valladolid",
  "A Coruña",
];
const portugalCities = ["Lisboa", "Porto", "Braga", "Coimbra", "Faro", "Aveiro"];
const domains = [
  "gmail.com",
  "hotmail.com",
  "yahoo.es",
  "outlook.com",
  "sapo.pt",
  "telefonica.net",
  "example.com",
];

/** A text[] literal of a list above, for picking from it by the series' counter. */
const list = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;

/**
 * Inserts `count` orders as a shop two years old would hold them, in one statement (INSERT …
 * SELECT generate_series), for the back office's list benchmark (issue 30): spread over the last
 * two years, 4 % never paid (no number; expired, but for the last half hour's), the rest numbered
 * per year as the shop numbers them, in both countries and every zone, with one to three lines each and a payment by the methods each
 * country uses. Deterministic but for ids and the clock. Run on an empty order table; the year's
 * number series are moved past the seeded numbers, so orders placed afterwards go on from them.
 */
export async function seedOrders(db: Database, count: number): Promise<void> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`Cannot seed ${count} orders`);
  await db.execute(sql`
    with src as materialized (
      select i, gen_random_uuid() as id,
        now() - make_interval(secs => (${count}::int - i) * (63072000.0 / ${count}::int) + (i * 7919) % 600) as placed_at,
        (i::bigint * 2654435761) % 100 as r_status,
        (i::bigint * 40503) % 100 as r_zone,
        (i::bigint * 69069) % 10 as r_method,
        1 + i % 3 as line_count,
        (${list(firstNames)})[1 + i % ${firstNames.length}] as first_name,
        (${list(lastNames)})[1 + (i / 7) % ${lastNames.length}]
          || case when i % 2 = 0 then ' ' || (${list(lastNames)})[1 + (i / 3) % ${lastNames.length}] else '' end
          as last_name
      from generate_series(1, ${count}::int) as i
    ),
    shaped as (
      select src.*,
        case when r_zone < 65 then 'es-peninsula' when r_zone < 69 then 'es-balearic' when r_zone < 73 then 'es-canary'
          when r_zone < 75 then 'es-ceuta-melilla' when r_zone < 97 then 'pt-mainland' when r_zone < 99 then 'pt-madeira'
          else 'pt-azores' end as zone,
        -- Unpaid: awaiting payment only if placed in the last half hour (the shop's pay window),
        -- expired otherwise, as the shop's expiry job leaves them (it would try every minute).
        case when r_status < 2 and placed_at > now() - interval '30 minutes' then 'pendiente-pago'
          when r_status < 4 then 'caducado' when r_status < 60 then 'entregado'
          when r_status < 70 then 'enviado' when r_status < 77 then 'preparando' when r_status < 85 then 'pagado'
          when r_status < 92 then 'cancelado' when r_status < 95 then 'devolucion-solicitada' else 'devuelto' end as status,
        r_status >= 4 as paid,
        extract(year from placed_at at time zone 'Europe/Madrid')::int as year
      from src
    ),
    placed as (
      select shaped.*, left(zone, 2) = 'pt' as in_portugal,
        case when not paid then null
          when left(zone, 2) = 'es' then case when r_method < 7 then 'card' else 'bizum' end
          when r_method < 5 then 'card' when r_method < 8 then 'mb_way' else 'multibanco' end as method,
        case when paid then year || '-' || lpad((row_number() over (partition by paid, year order by placed_at, i))::text, 6, '0') end as number
      from shaped
    ),
    line as (
      select placed.id, placed.zone, k as position,
        1 + (i * 13 + k * 7) % 60 as product_id,
        case when (i + k) % 5 = 0 then 2 else 1 end as quantity,
        990 + ((i * 31 + k * 17) % 90) * 100 as unit_cents
      from placed cross join lateral generate_series(0, placed.line_count - 1) as k
    ),
    subtotal as (select id, sum(quantity * unit_cents)::int as cents from line group by id),
    orders as (
      insert into shop_order (id, number, idempotency_key, status, lang, zone, shipping_method, address, buyer,
        subtotal_cents, discount_cents, shipping_cents, total_cents, vat, delivery_from, delivery_to, placed_at, pay_by)
      select p.id, p.number, 'seed-' || p.i, p.status, case when p.in_portugal then 'pt' else 'es' end, p.zone, 'standard',
        jsonb_build_object(
          'name', p.first_name, 'lastName', p.last_name,
          'street', case when p.in_portugal then 'Rua Augusta ' else 'Calle Mayor ' end || (1 + p.i % 200),
          'floorDoor', '', 'country', case when p.in_portugal then 'PT' else 'ES' end,
          'city', case p.zone when 'es-balearic' then 'Palma' when 'es-canary' then 'Las Palmas de Gran Canaria'
            when 'es-ceuta-melilla' then 'Ceuta' when 'pt-madeira' then 'Funchal' when 'pt-azores' then 'Ponta Delgada'
            when 'pt-mainland' then (${list(portugalCities)})[1 + p.i % ${portugalCities.length}]
            else (${list(peninsulaCities)})[1 + p.i % ${peninsulaCities.length}] end,
          'postalCode', case when p.in_portugal then '1100-053' else '28013' end,
          'region', case when p.in_portugal then '11' else '28' end,
          'phone', case
            when p.in_portugal then '+351 9' || lpad(((p.i::bigint * 7919) % 100000000)::text, 8, '0')
            when p.i % 3 = 0 then '+34 6' || lpad(((p.i::bigint * 7919) % 100000000)::text, 8, '0')
            else '6' || lpad(((p.i::bigint * 7919) % 100000000)::text, 8, '0') end),
        jsonb_build_object('name', p.first_name, 'lastName', p.last_name, 'company', '', 'taxId', '',
          'email', ${foldedText(sql`replace(p.first_name || '.' || split_part(p.last_name, ' ', 1), ' ', '')`)}
            || p.i || '@' || (${list(domains)})[1 + p.i % ${domains.length}]),
        s.cents, 0, 495, s.cents + 495, '[]'::jsonb,
        (p.placed_at::date + 2)::text, (p.placed_at::date + 4)::text, p.placed_at,
        case when p.status = 'pendiente-pago' then p.placed_at + interval '30 minutes' end
      from placed p join subtotal s using (id)
    ),
    lines as (
      insert into order_line (order_id, position, product_id, code, name, quantity, unit_cents, total_cents, vat_rate)
      select id, position, product_id, 'MB-' || lpad(product_id::text, 4, '0'), 'Miaubot ' || product_id, quantity,
        unit_cents, quantity * unit_cents,
        case zone when 'es-canary' then null when 'es-ceuta-melilla' then null when 'pt-mainland' then 23
          when 'pt-madeira' then 22 when 'pt-azores' then 16 else 21 end
      from line
    )
    insert into payment (order_id, provider, reference, status, amount_cents, card_last4, method, confirmed_at)
    select p.id, 'test', 'seed-' || p.i,
      case when not p.paid and p.status = 'caducado' then 'cancelled' when not p.paid then 'pending'
        when p.status in ('cancelado', 'devuelto') then 'refunded' else 'captured' end,
      s.cents + 495,
      case when p.method = 'card' then '4242' else '' end,
      p.method,
      case when p.paid then p.placed_at + interval '1 minute' end
    from placed p join subtotal s using (id)
  `);
  // Orders placed after the seed take the next numbers of their year.
  await db.execute(sql`
    insert into number_series (series, last)
    select 'P' || split_part(number, '-', 1), max(split_part(number, '-', 2)::int)
    from shop_order where number is not null group by 1
    on conflict (series) do update set last = greatest(number_series.last, excluded.last)
  `);
  // As autovacuum would leave them: statistics for the planner, the visibility map for index-only scans.
  await db.execute(sql`vacuum analyze shop_order, order_line, payment`);
}

/** `node bench/seed-orders.ts <postgres-url> [count]`: seeds a database (migrated first) and says how long it took. */
async function main([url, count = "100000"]: string[]): Promise<number> {
  if (url === undefined) {
    console.error("Usage: node bench/seed-orders.ts <postgres-url> [count]");
    return 2;
  }
  const database = await openDatabase({ kind: "postgres", url });
  try {
    const started = performance.now();
    await seedOrders(database.db, Number(count));
    console.log(`${count} orders seeded in ${Math.round(performance.now() - started)} ms`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
