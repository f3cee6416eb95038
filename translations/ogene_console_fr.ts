<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>ogene::MainWindow</name>
    <message>
        <location filename="../console/mainwindow.cpp" line="13"/>
        <source>Ogene Console</source>
        <translation>Console Ogene</translation>
    </message>
    <message>
        <location filename="../console/mainwindow.cpp" line="14"/>
        <source>Not signed in.</source>
        <translation>Non connecté.</translation>
    </message>
    <message>
        <location filename="../console/mainwindow.cpp" line="17"/>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
</context>
</TS>
