import { Flex } from 'antd';
import { NoticeBell } from '../../features/notices/components/NoticeBell';
import { TodoEntry } from '../../features/todos/components/TodoEntry';
import { AvatarMenu } from './AvatarMenu';
import { HelpMenu } from './HelpMenu';

/** The right-hand controls shared by the basic and the app-type header: to-do, bell, help, avatar. */
export function HeaderActions() {
  return (
    <Flex align="center" gap={4}>
      <TodoEntry />
      <NoticeBell />
      <HelpMenu />
      <AvatarMenu />
    </Flex>
  );
}
