import { CompressOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldInfo, WorkflowDefinition, WorkflowNode } from '@canopy/contract';
import { Alert, Button, Flex, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { definitionProblems } from './checks';
import { type CanvasActions, FlowCanvas } from './FlowCanvas';
import {
  addBranch,
  findBranch,
  insertNode,
  moveBranch,
  removeBranch,
  removeNode,
  updateBranch,
  updateNode,
} from './flow-tree';
import { type DrawerTarget, NodeDrawer } from './NodeDrawer';
import { type KindNames, makeBranch, makeNode } from './node-factory';

interface Props {
  definition: WorkflowDefinition;
  fields: FieldInfo[];
  schemaCode: string;
  /** Absent: a read-only canvas (a published version). */
  onChange?: (update: (d: WorkflowDefinition) => WorkflowDefinition) => void;
  /** The server's refusal: messages by node or branch id. */
  serverProblems?: Map<string, string>;
  refusalMessage?: string | undefined;
  onDismissRefusal?: () => void;
}

const ZOOMS = [0.5, 0.75, 0.9, 1, 1.1, 1.25];

/** The canvas with its zoom controls and the drawer of the node or branch being edited. */
export function FlowDesigner({
  definition,
  fields,
  schemaCode,
  onChange,
  serverProblems,
  refusalMessage,
  onDismissRefusal,
}: Props) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);

  const names: KindNames = useMemo(
    () => ({
      node: {
        approve: t('workflow.kind.approve'),
        fill: t('workflow.kind.fill'),
        cc: t('workflow.kind.cc'),
        action: t('workflow.kind.action'),
        condition: t('workflow.kind.condition'),
        parallel: t('workflow.kind.parallel'),
      },
      branch: (n) => t('workflow.branch.defaultName', { n }),
      otherwise: t('workflow.branch.otherwise'),
    }),
    [t],
  );

  const problems = useMemo(() => {
    const out = new Map<string, string>();
    for (const [id, problem] of definitionProblems(definition)) out.set(id, t(`workflow.problem.${problem}`));
    for (const [id, message] of serverProblems ?? []) out.set(id, message);
    return out;
  }, [definition, serverProblems, t]);

  const actions: CanvasActions | undefined = onChange && {
    insert: (anchor, kind) => {
      let added: WorkflowNode | null = null;
      onChange((d) => {
        const node = makeNode(d, kind, names);
        added = node;
        return insertNode(d, anchor, node);
      });
      // A new task opens at once: it needs its people before anything else.
      const node = added as WorkflowNode | null;
      if (node && node.type !== 'condition' && node.type !== 'parallel') setSelected(node.id);
    },
    removeNode: (id) => {
      onChange((d) => removeNode(d, id));
      if (selected === id) setSelected(null);
    },
    addBranch: (groupId) =>
      onChange((d) => {
        const group = d.nodes.find((n) => n.id === groupId);
        if (!group || (group.type !== 'condition' && group.type !== 'parallel')) return d;
        const n = group.settings.branches.length + (group.type === 'condition' ? 0 : 1);
        return addBranch(d, groupId, makeBranch(d, group.type, names.branch(n)));
      }),
    removeBranch: (groupId, branchId) => onChange((d) => removeBranch(d, groupId, branchId)),
    moveBranch: (groupId, branchId, delta) => onChange((d) => moveBranch(d, groupId, branchId, delta)),
  };

  let target: DrawerTarget | null = null;
  if (selected) {
    const node = definition.nodes.find((n) => n.id === selected);
    if (node && node.type !== 'condition' && node.type !== 'parallel') target = { node };
    else {
      const found = findBranch(definition, selected);
      if (found) target = found;
    }
  }

  const zoomAt = ZOOMS.indexOf(zoom);
  return (
    <div style={{ position: 'relative', height: '100%' }}>
      <div style={{ position: 'absolute', inset: 0, overflow: 'auto' }} data-testid="wf-canvas-scroll">
        <FlowCanvas
          definition={definition}
          fields={fields}
          selected={selected}
          problems={problems}
          onOpen={setSelected}
          actions={actions}
          zoom={zoom}
        />
      </div>
      {refusalMessage && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: onDismissRefusal }}
          title={t('workflow.designer.publishRefused')}
          description={refusalMessage}
          style={{
            position: 'absolute',
            top: 12,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 5,
            maxWidth: 560,
          }}
          data-testid="wf-refusal"
        />
      )}
      <Flex
        align="center"
        gap={4}
        style={{
          position: 'absolute',
          right: 20,
          bottom: 20,
          background: '#fff',
          borderRadius: 8,
          padding: 4,
          boxShadow: '0 2px 8px rgba(15,23,42,0.12)',
          zIndex: 5,
        }}
      >
        <Tooltip title={t('workflow.canvas.zoomOut')}>
          <Button
            type="text"
            size="small"
            icon={<MinusOutlined />}
            disabled={zoomAt <= 0}
            onClick={() => setZoom(ZOOMS[zoomAt - 1] ?? zoom)}
            aria-label={t('workflow.canvas.zoomOut')}
          />
        </Tooltip>
        <Typography.Text style={{ width: 44, textAlign: 'center', fontSize: 12 }}>
          {Math.round(zoom * 100)}%
        </Typography.Text>
        <Tooltip title={t('workflow.canvas.zoomIn')}>
          <Button
            type="text"
            size="small"
            icon={<PlusOutlined />}
            disabled={zoomAt >= ZOOMS.length - 1}
            onClick={() => setZoom(ZOOMS[zoomAt + 1] ?? zoom)}
            aria-label={t('workflow.canvas.zoomIn')}
          />
        </Tooltip>
        <Tooltip title={t('workflow.canvas.zoomReset')}>
          <Button
            type="text"
            size="small"
            icon={<CompressOutlined />}
            onClick={() => setZoom(1)}
            aria-label={t('workflow.canvas.zoomReset')}
          />
        </Tooltip>
      </Flex>
      {target && (
        <NodeDrawer
          key={selected}
          target={target}
          fields={fields}
          schemaCode={schemaCode}
          readOnly={!onChange}
          problem={selected ? problems.get(selected) : undefined}
          onClose={() => setSelected(null)}
          onApply={(next) => {
            onChange?.((d) =>
              'node' in next ? updateNode(d, next.node) : updateBranch(d, next.group.id, next.branch),
            );
            setSelected(null);
          }}
        />
      )}
    </div>
  );
}
