'use client';

import { KIND_VIEWS } from '@/components/media/kinds/kind-views';
import { useOpenedItem } from '@/hooks/use-opened-item';
import type { MediaKind, MediaRecord } from '@/contract/media';

/** Photos and videos: their tiles (the kind's own item renderer), each opening the kind's viewer right here. */
export function LatestTiles<K extends MediaKind>({
  kind,
  items,
  latest,
  grid,
  label,
}: {
  kind: K;
  items: readonly MediaRecord<K>[];
  latest: readonly MediaRecord<K>[];
  grid: string;
  /** The list's spoken name (default: «Последние фотографии»). */
  label?: string;
}) {
  const view = KIND_VIEWS[kind];
  const opened = useOpenedItem(items, { closeOnGone: view.browse !== true });
  const { Item, Viewer } = view;
  const none = () => undefined;
  return (
    <>
      <ul className={`grid py-3 ${grid}`} aria-label={label ?? `Последние ${view.listLabel.toLowerCase()}`}>
        {latest.map((record, i) => (
          <li key={record.id}>
            <Item record={record} index={i} onOpen={(r) => opened.open(r.id)} onEdit={none} onDelete={none} highlighted={false} />
          </li>
        ))}
      </ul>
      {Viewer && opened.id !== null ? <Viewer items={items} id={opened.id} onMove={opened.open} onClose={opened.close} /> : null}
    </>
  );
}
