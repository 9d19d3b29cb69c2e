import { UserOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { MemberPicker } from '../../members/components/MemberPicker';
import type { DelegateValue } from './delegation-form';

interface Props {
  id?: string;
  value?: DelegateValue;
  onChange?: (v: DelegateValue) => void;
}

/** The delegate: one member of the team other than oneself, chosen in the member picker. */
export function DelegateField({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const me = useSession().current?.memberId ?? '';
  const [picking, setPicking] = useState(false);
  return (
    <Flex align="center" gap={8} wrap>
      {value && (
        <Tag icon={<UserOutlined />} data-testid="delegation-delegate">
          {value.name}
        </Tag>
      )}
      <Button id={id} onClick={() => setPicking(true)} data-testid="delegation-pick">
        {value ? t('delegation.changeDelegate') : t('delegation.pickDelegate')}
      </Button>
      <MemberPicker
        open={picking}
        mode="transfer"
        title={t('delegation.pickDelegate')}
        excludeMemberIds={[me]}
        onCancel={() => setPicking(false)}
        onOk={([m]) => {
          if (m) onChange?.({ memberId: m.memberId, name: m.userName });
          setPicking(false);
        }}
      />
    </Flex>
  );
}
