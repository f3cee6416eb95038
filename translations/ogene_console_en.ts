<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB">
<context>
    <name>ogene::MainWindow</name>
    <message>
        <location filename="../console/mainwindow.cpp" line="13"/>
        <source>Ogene Console</source>
        <translation>Ogene Console</translation>
    </message>
    <message>
        <location filename="../console/mainwindow.cpp" line="14"/>
        <source>Not signed in.</source>
        <translation>Not signed in.</translation>
    </message>
    <message>
        <location filename="../console/mainwindow.cpp" line="17"/>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
</context>
</TS>
