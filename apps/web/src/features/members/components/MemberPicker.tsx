import type { MemberRow } from '@canopy/contract';
import { Flex, Modal, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberPickerBrowser } from './MemberPickerBrowser';

export interface MemberPickerProps {
  open: boolean;
  /** Defaults to 添加成员 (spec §2). */
  title?: string;
  /** `transfer` picks exactly one member (ownership transfer); `multiple` any number. */
  mode?: 'multiple' | 'transfer';
  /** Whether OK may be pressed with nobody selected. */
  allowNull?: boolean;
  /** Members shown but not selectable (e.g. the current owner when transferring). */
  excludeMemberIds?: string[];
  okText?: string;
  confirmLoading?: boolean;
  onOk: (members: MemberRow[]) => void;
  onCancel: () => void;
}

/** The member picker dialog (spec §2): search or browse departments, then select members. */
export function MemberPicker(props: MemberPickerProps) {
  const { t } = useTranslation();
  const single = props.mode === 'transfer';
  const [selected, setSelected] = useState<MemberRow[]>([]);

  useEffect(() => {
    if (props.open) setSelected([]);
  }, [props.open]);

  const toggle = (m: MemberRow) =>
    setSelected((prev) => {
      if (single) return [m];
      return prev.some((s) => s.memberId === m.memberId) ? prev.filter((s) => s.memberId !== m.memberId) : [...prev, m];
    });
  const canSubmit = selected.length > 0 || Boolean(props.allowNull);

  return (
    <Modal
      open={props.open}
      title={props.title ?? t('org.pickerTitle')}
      width={760}
      onCancel={props.onCancel}
      onOk={() => props.onOk(selected)}
      okText={props.okText}
      okButtonProps={{ disabled: !canSubmit, loading: props.confirmLoading }}
      destroyOnHidden
    >
      <div data-testid="member-picker">
        <Flex wrap gap={4} align="center" style={{ minHeight: 32, marginBottom: 12 }} data-testid="picker-selected">
          <Typography.Text type="secondary">{t('org.pickerSelected', { count: selected.length })}</Typography.Text>
          {selected.map((m) => (
            <Tag key={m.memberId} closable onClose={() => toggle(m)}>
              {m.userName}
            </Tag>
          ))}
        </Flex>
        <MemberPickerBrowser
          single={single}
          selectedIds={new Set(selected.map((m) => m.memberId))}
          excluded={new Set(props.excludeMemberIds ?? [])}
          onToggle={toggle}
        />
      </div>
    </Modal>
  );
}
