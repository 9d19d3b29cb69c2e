import type { MemberRow } from '@canopy/contract';
import { Button, Flex, Form, Modal, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberPicker } from '../../members/components/MemberPicker';

interface Props {
  busy: boolean;
  onCancel: () => void;
  onOk: (memberIds: string[], position: 'before' | 'after') => void;
}

/** 加签: who, and whether they decide before the asker or after the asker's approval. */
export function AddSignerDialog({ busy, onCancel, onOk }: Props) {
  const { t } = useTranslation();
  const [position, setPosition] = useState<'before' | 'after'>('before');
  const [members, setMembers] = useState<MemberRow[]>([]);
  const [picking, setPicking] = useState(false);
  return (
    <Modal
      open
      title={t('workflow.approval.addSignerTitle')}
      onCancel={onCancel}
      onOk={() =>
        onOk(
          members.map((m) => m.memberId),
          position,
        )
      }
      okText={t('workflow.action.addSigner')}
      okButtonProps={{ disabled: !members.length, loading: busy }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" data-testid="wf-signer-dialog">
        <Form.Item label={t('workflow.approval.signerPosition')}>
          <Radio.Group value={position} onChange={(e) => setPosition(e.target.value)}>
            <Flex vertical gap={8}>
              <Radio value="before">{t('workflow.approval.signerBefore')}</Radio>
              <Radio value="after">{t('workflow.approval.signerAfter')}</Radio>
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('workflow.approval.signerMembers')} required>
          <Flex wrap gap={4} align="center">
            {members.map((m) => (
              <Tag
                key={m.memberId}
                closable
                onClose={() => setMembers(members.filter((x) => x.memberId !== m.memberId))}
              >
                {m.userName}
              </Tag>
            ))}
            <Button size="small" onClick={() => setPicking(true)}>
              {t('workflow.approval.pickMembers')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      <MemberPicker
        open={picking}
        onCancel={() => setPicking(false)}
        onOk={(picked) => {
          const known = new Set(members.map((m) => m.memberId));
          setMembers([...members, ...picked.filter((m) => !known.has(m.memberId))].slice(0, 10));
          setPicking(false);
        }}
      />
    </Modal>
  );
}
