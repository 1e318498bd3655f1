import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { ADMIN_ORDER_STATUSES, statusChangeRefusal, type AdminOrderStatus } from "@core/order-transitions";
import type { AdminOrderRow } from "@core/order-view";
import { Icon } from "~/components/admin/icons";
import { statusChangePermission } from "@core/order-workspace";
import { AdminPermissions } from "~/lib/use-permission";
import { allows } from "@core/staff-roles";
import { useContext } from "react";

const MENU_ITEM = "cursor-pointer rounded px-3 py-2 text-sm outline-none data-[disabled]:cursor-default data-[disabled]:text-gray-400 data-[highlighted]:bg-gray-100";

/**
 * A row's actions: open the order, view it in a dialog, or mark it with a status staff may set and
 * their role allows (statusChangePermission: cancelling refunds).
 */
export function RowMenu({ order, onOpenDetail, onSetStatus }: { order: AdminOrderRow; onOpenDetail: (id: string) => void; onSetStatus: (row: AdminOrderRow, status: AdminOrderStatus) => void }) {
  const permissions = useContext(AdminPermissions);
  const statuses = ADMIN_ORDER_STATUSES.filter((s) => allows(permissions, statusChangePermission(s)));
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label={`Actions for order ${order.id.slice(0, 8)}`} className="rounded-lg p-2 text-gray-700 hover:bg-gray-100">
        <Icon name="dots" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item asChild className={MENU_ITEM}>
            <Link to={`/admin/orders/${order.id}`}>Open order</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => onOpenDetail(order.id)} className={MENU_ITEM}>
            View details
          </DropdownMenu.Item>
          {statuses.length > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-gray-200" /> : null}
          {statuses.map((s) => (
            <DropdownMenu.Item key={s} disabled={s === order.status || statusChangeRefusal(order.status, s) !== null} onSelect={() => onSetStatus(order, s)} className={MENU_ITEM}>
              Mark as {ORDER_STATUS_LABELS[s]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
